import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { KeyFilters } from "../../../../shared/schemas/key-filters.ts";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { filtersQuery } from "../key-filters.ts";

/** One page of keys ordered by name; `next` is the `after` of the page that follows (null: the last). */
export interface KeyPage {
  keys: KeyRow[];
  next: string | null;
}

/** The cached key list of a project: its pages so far, each fetched after the key the previous ended on. */
export type KeyPages = InfiniteData<KeyPage, string | null>;

/** The key list as the Overview shows it: the rows so far, in key order. */
export interface KeyList {
  rows: KeyRow[];
  /** The last page has arrived: there are no more keys (or matches) than these. */
  complete: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** A later page failed; the rows so far stay (refetch to try again). */
  failed: boolean;
}

/**
 * Keys per page. The Overview asks for the next page only when the table is scrolled near the end
 * of the rows it has (issue 18: a project of 250,000 keys is never loaded whole).
 */
export const PAGE_SIZE = 200;

/** One page of keys ordered by name. */
export async function listKeysPage(
  projectId: string,
  languages: readonly string[],
  page: { after?: string | undefined; search?: string; limit?: number; filters?: KeyFilters },
  signal?: AbortSignal,
): Promise<KeyPage> {
  const { after, search = "", limit = PAGE_SIZE, filters = {} } = page;
  const answer = await api.keys.list(
    {
      params: { projectId: projectId },
      query: {
        ...filters,
        limit,
        ...(languages.length > 0 ? { languages: languages.join(",") } : {}),
        ...(search !== "" ? { q: search } : {}),
        ...(after !== undefined ? { after } : {}),
      },
    },
    signal ? { signal } : {},
  );
  return { keys: answer.keys, next: answer.next ?? null };
}

/**
 * The keys of a project (those the server finds for `search`, if any), page by page. Kept current by
 * realtime events (`key-cache.ts`), so it never goes stale; a refetch (after key events) loads the
 * pages it had again before it replaces the list, so the table never shrinks meanwhile.
 */
export function keysQueryOptions(
  projectId: string,
  languages: readonly string[],
  search = "",
  filters: KeyFilters = {},
) {
  return infiniteQueryOptions({
    queryKey: queryKeys.projectKeysFor(projectId, languages, search, filtersQuery(filters)),
    queryFn: async ({ pageParam, signal, client, queryKey }) => {
      const page = await listKeysPage(
        projectId,
        languages,
        { after: pageParam ?? undefined, search, filters },
        signal,
      );
      // A next page (not a refetch, which rebuilds every page) can hold a key that `key-cache.ts`
      // already put in the list when it was renamed meanwhile: the cached one is newer.
      const state = client.getQueryState<KeyPages>(queryKey);
      if (!state?.fetchMeta?.fetchMore || !state.data) return page;
      const known = new Set(state.data.pages.flatMap((p) => p.keys.map((row) => row.id)));
      return { ...page, keys: page.keys.filter((row) => !known.has(row.id)) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: KeyPage): string | undefined => last.next ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

interface KeyRows {
  rows: KeyRow[];
  complete: boolean;
}

/** The pages as one list (a concat: it runs after every cached save). */
function toRows(data: KeyPages): KeyRows {
  const rows = ([] as KeyRow[]).concat(...data.pages.map((page) => page.keys));
  return { rows, complete: data.pages.at(-1)?.next === null };
}

/**
 * The key list of a project for `languages`, `search` and `filters`: the first page at once, each next one
 * when `loadMore` is called (the table calls it when scrolled near the end). While another language
 * set or search of the same project loads, the previous list stays on screen (`isPlaceholderData`).
 */
export function useKeys(
  projectId: string,
  languages: readonly string[],
  search = "",
  filters: KeyFilters = {},
) {
  const query = useInfiniteQuery({
    ...keysQueryOptions(projectId, languages, search, filters),
    select: toRows,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === projectId ? previous : undefined,
  });
  const {
    hasNextPage,
    isFetching,
    isFetchingNextPage,
    isFetchNextPageError,
    isPlaceholderData,
    fetchNextPage,
  } = query;
  // One page at a time; a failed page waits for Retry (a refetch) instead of looping.
  const canLoadMore = hasNextPage && !isFetching && !isFetchNextPageError && !isPlaceholderData;
  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);

  const data: KeyList | undefined = query.data && {
    rows: query.data.rows,
    complete: query.data.complete,
    loadingMore: isFetchingNextPage,
    failed: isFetchNextPageError,
  };
  return {
    data,
    isError: query.isError,
    isFetching,
    isPlaceholderData,
    refetch: query.refetch,
    canLoadMore,
    loadMore,
  };
}
