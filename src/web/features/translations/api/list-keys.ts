import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** One page of keys ordered by name; `next` is the `after` of the page that follows (null: the last). */
export interface KeyPage {
  keys: KeyRow[];
  next: string | null;
}

/** Where a page starts (null: at the first key) and how many keys it asks for. */
export interface KeyPageParam {
  after: string | null;
  limit: number;
}

/** The cached key list of a project: its pages, fetched one after the other. */
export type KeyPages = InfiniteData<KeyPage, KeyPageParam>;

/** The key list as the Overview shows it: the rows so far, in key order. */
export interface KeyList {
  rows: KeyRow[];
  /** Every page has arrived. */
  complete: boolean;
  /** A later page failed; the rows so far stay (refetch to try again). */
  failed: boolean;
}

/** Enough for the first screen; the rest follows in growing pages (the API allows up to 5,000). */
export const FIRST_PAGE_SIZE = 300;
export const PAGE_SIZE = 5000;
const SECOND_PAGE_SIZE = 1000;
/**
 * The rest waits until the first rows have painted, and pages grow from 1,000 to 5,000 keys: on the
 * embedded database one large query blocks the server for everyone, so it is cut into short ones.
 */
const REST_DELAY_MS = 250;

/** GET /api/projects/:id/keys?languages=…&limit=…&after=…: one page of keys ordered by name. */
export async function listKeysPage(
  projectId: string,
  languages: readonly string[],
  limit: number,
  after?: string,
  signal?: AbortSignal,
): Promise<KeyPage> {
  const answer = await api.keys.list(
    {
      params: { id: projectId },
      query: {
        limit,
        ...(languages.length > 0 ? { languages: languages.join(",") } : {}),
        ...(after !== undefined ? { after } : {}),
      },
    },
    signal ? { signal } : {},
  );
  return { keys: answer.keys, next: answer.next ?? null };
}

function nextPageSize(limit: number): number {
  return limit < SECOND_PAGE_SIZE ? SECOND_PAGE_SIZE : Math.min(PAGE_SIZE, limit * 2);
}

/**
 * Fetched once per (project, languages) and kept current by realtime events (`key-cache.ts`), so it
 * never goes stale. `useKeys` asks for the pages after the first; a refetch (after key events) loads
 * every page again before it replaces the list, so the table never shrinks meanwhile.
 */
export function keysQueryOptions(projectId: string, languages: readonly string[]) {
  return infiniteQueryOptions({
    queryKey: queryKeys.projectKeysFor(projectId, languages),
    queryFn: async ({ pageParam, signal, client, queryKey }) => {
      const page = await listKeysPage(
        projectId,
        languages,
        pageParam.limit,
        pageParam.after ?? undefined,
        signal,
      );
      // A next page (not a refetch, which rebuilds every page) can hold a key that `key-cache.ts`
      // already put in the list when it was created or renamed meanwhile: the cached one is newer.
      const state = client.getQueryState<KeyPages>(queryKey);
      if (!state?.fetchMeta?.fetchMore || !state.data) return page;
      const known = new Set(state.data.pages.flatMap((p) => p.keys.map((row) => row.id)));
      return { ...page, keys: page.keys.filter((row) => !known.has(row.id)) };
    },
    initialPageParam: { after: null, limit: FIRST_PAGE_SIZE } as KeyPageParam,
    getNextPageParam: (last: KeyPage, _pages: KeyPage[], param: KeyPageParam): KeyPageParam | undefined =>
      last.next === null ? undefined : { after: last.next, limit: nextPageSize(param.limit) },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

interface KeyRows {
  rows: KeyRow[];
  pages: number;
  complete: boolean;
}

/** The pages as one list (a concat: it runs after every cached save, at 50,000 keys too). */
function toRows(data: KeyPages): KeyRows {
  const rows = ([] as KeyRow[]).concat(...data.pages.map((page) => page.keys));
  return { rows, pages: data.pages.length, complete: data.pages.at(-1)?.next === null };
}

/**
 * The key list of a project for `languages`: the first page paints at once, the next ones follow
 * while the Overview is open. While another language set of the same project loads, the previous
 * list stays on screen (`isPlaceholderData`), so switching the language column keeps the keys.
 */
export function useKeys(projectId: string, languages: readonly string[]) {
  const query = useInfiniteQuery({
    ...keysQueryOptions(projectId, languages),
    select: toRows,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === projectId ? previous : undefined,
  });
  const { hasNextPage, isFetching, isFetchNextPageError, isPlaceholderData, fetchNextPage } = query;
  const pages = query.data?.pages ?? 0;
  useEffect(() => {
    // One page at a time; a failed page waits for Retry (a refetch) instead of looping.
    if (!hasNextPage || isFetching || isFetchNextPageError || isPlaceholderData) return;
    const timer = setTimeout(() => void fetchNextPage(), pages === 1 ? REST_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [hasNextPage, isFetching, isFetchNextPageError, isPlaceholderData, fetchNextPage, pages]);

  const data: KeyList | undefined = query.data && {
    rows: query.data.rows,
    complete: query.data.complete,
    failed: isFetchNextPageError,
  };
  return {
    data,
    isError: query.isError,
    isFetching,
    isPlaceholderData,
    refetch: query.refetch,
  };
}
