import { type QueryClient, type QueryKey, queryOptions, useQuery } from "@tanstack/react-query";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The cached key list of a project: filled page by page, so the first rows paint at once. */
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

interface Page {
  keys: KeyRow[];
  next: string | null;
}

/** GET /api/projects/:id/keys?languages=…&limit=…&after=…: one page of keys ordered by name. */
export async function listKeysPage(
  projectId: string,
  languages: readonly string[],
  limit: number,
  after?: string,
  signal?: AbortSignal,
): Promise<Page> {
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

/** The latest load of each key list: a newer load (refetch) stops an older one from appending. */
const loads = new Map<string, number>();

async function loadRest(
  client: QueryClient,
  queryKey: QueryKey,
  projectId: string,
  languages: readonly string[],
  after: string,
  load: number,
): Promise<void> {
  const hash = JSON.stringify(queryKey);
  let cursor: string | null = after;
  let size = SECOND_PAGE_SIZE;
  await new Promise((resolve) => setTimeout(resolve, REST_DELAY_MS));
  while (cursor !== null) {
    if (loads.get(hash) !== load) return;
    let page: Page;
    try {
      page = await listKeysPage(projectId, languages, size, cursor);
      size = Math.min(PAGE_SIZE, size * 2);
    } catch {
      if (loads.get(hash) === load) {
        client.setQueryData<KeyList>(queryKey, (old) => (old ? { ...old, failed: true } : old));
      }
      return;
    }
    if (loads.get(hash) !== load) return;
    const next = page.next;
    client.setQueryData<KeyList>(queryKey, (old) => {
      if (!old) return old;
      // A key created meanwhile may already be in the list.
      const known = new Set(old.rows.map((row) => row.id));
      const fresh = page.keys.filter((row) => !known.has(row.id));
      return { rows: old.rows.concat(fresh), complete: next === null, failed: false };
    });
    cursor = next;
  }
}

/**
 * Fetched once per (project, languages) and kept current by realtime events, so it never goes stale.
 * The first load answers with the first page and appends later pages to the cache as they arrive;
 * a refetch loads every page before it replaces the list, so the table never shrinks meanwhile.
 */
export function keysQueryOptions(projectId: string, languages: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.projectKeysFor(projectId, languages),
    queryFn: async ({ queryKey, signal, client }): Promise<KeyList> => {
      const hash = JSON.stringify(queryKey);
      const load = (loads.get(hash) ?? 0) + 1;
      loads.set(hash, load);
      if (client.getQueryData<KeyList>(queryKey)) {
        // A refetch (after key events): keep showing the current list and swap in the full new one.
        const rows: KeyRow[] = [];
        let cursor: string | undefined;
        do {
          const page = await listKeysPage(projectId, languages, PAGE_SIZE, cursor, signal);
          rows.push(...page.keys);
          cursor = page.next ?? undefined;
        } while (cursor !== undefined);
        return { rows, complete: true, failed: false };
      }
      const first = await listKeysPage(projectId, languages, FIRST_PAGE_SIZE, undefined, signal);
      if (first.next !== null) void loadRest(client, queryKey, projectId, languages, first.next, load);
      return { rows: first.keys, complete: first.next === null, failed: false };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The key list of a project for `languages`. While another language set of the same project loads,
 * the previous list stays on screen (`isPlaceholderData`), so switching the language column keeps the keys.
 */
export function useKeys(projectId: string, languages: readonly string[]) {
  return useQuery({
    ...keysQueryOptions(projectId, languages),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === projectId ? previous : undefined,
  });
}
