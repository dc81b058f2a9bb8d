import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Cell, KeyRow } from "../../../shared/schemas/keys.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import type { KeyPage, KeyPages } from "./api/list-keys.ts";

/** What a cached key list was fetched for: its languages and search (`queryKeys.projectKeysFor`). */
interface ListOf {
  languages: string[];
  search: string;
  /** The filters' query string ('' when none). */
  filters: string;
}

function listOf(queryKey: QueryKey): ListOf {
  const languages = queryKey[3];
  const search = queryKey[4];
  const filters = queryKey[5];
  return {
    languages: typeof languages === "string" && languages !== "" ? languages.split(",") : [],
    search: typeof search === "string" ? search : "",
    filters: typeof filters === "string" ? filters : "",
  };
}

/**
 * Runs `update` on every cached key list of the project and stores the pages it answers. Only the
 * changed pages are copied: at 50,000 keys a save touches one page, not the whole list.
 */
function eachKeyList(
  queryClient: QueryClient,
  projectId: string,
  update: (pages: KeyPage[], list: ListOf) => KeyPage[] | undefined,
): void {
  for (const [queryKey, list] of queryClient.getQueriesData<KeyPages>({
    queryKey: queryKeys.projectKeys(projectId),
  })) {
    if (!list) continue;
    const pages = update(list.pages, listOf(queryKey));
    if (pages && pages !== list.pages) queryClient.setQueryData<KeyPages>(queryKey, { ...list, pages });
  }
}

/** Where a key is in the pages, if it is there. */
function find(pages: KeyPage[], keyId: string): { page: number; index: number } | undefined {
  for (let page = 0; page < pages.length; page++) {
    const index = (pages[page] as KeyPage).keys.findIndex((row) => row.id === keyId);
    if (index >= 0) return { page, index };
  }
  return undefined;
}

function withKeys(pages: KeyPage[], page: number, keys: KeyRow[]): KeyPage[] {
  const next = [...pages];
  next[page] = { ...(pages[page] as KeyPage), keys };
  return next;
}

/** The cell cached for one string (the first list holding that language), if any. */
export function cachedCell(
  queryClient: QueryClient,
  projectId: string,
  keyId: string,
  language: string,
): Cell | undefined {
  for (const [queryKey, list] of queryClient.getQueriesData<KeyPages>({
    queryKey: queryKeys.projectKeys(projectId),
  })) {
    if (!list || !listOf(queryKey).languages.includes(language)) continue;
    const at = find(list.pages, keyId);
    if (at) return list.pages[at.page]?.keys[at.index]?.strings[language];
  }
  return undefined;
}

/**
 * Puts a saved cell into every cached key list that holds its language. With `onlyNewer`, an older or
 * equal version (e.g. the echo of one's own save over the event stream) leaves the cache alone,
 * unless the equal version's machine mark changed.
 * Answers whether anything changed.
 */
export function applyCell(
  queryClient: QueryClient,
  projectId: string,
  keyId: string,
  language: string,
  cell: Cell,
  options: { onlyNewer?: boolean } = {},
): boolean {
  let changed = false;
  eachKeyList(queryClient, projectId, (pages, { languages }) => {
    if (!languages.includes(language)) return undefined;
    const at = find(pages, keyId);
    if (!at) return undefined;
    const keys = (pages[at.page] as KeyPage).keys;
    const row = keys[at.index] as KeyRow;
    const current = row.strings[language];
    // The same version unmarked (an approval checked machine output) is news; an echo is not.
    const sameVersionNews = current?.version === cell.version && current.machine !== cell.machine;
    if (options.onlyNewer && current && current.version >= cell.version && !sameVersionNews) return undefined;
    changed = true;
    const next = [...keys];
    next[at.index] = { ...row, strings: { ...row.strings, [language]: cell } };
    return withKeys(pages, at.page, next);
  });
  return changed;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The position of `key` in rows ordered by name. */
function insertionIndex(rows: KeyRow[], key: string): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (compareKeys((rows[mid] as KeyRow).key, key) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Adds or replaces a key (create, rename), keeping each list ordered by name, in the first page whose
 * last key comes after it. A list whose later pages are still to come leaves a key that sorts after
 * its last one to the page that will hold it, and a searched or filtered list takes no new key (the
 * server decides what matches; the refetch after the key event brings it if it does).
 */
export function upsertKey(queryClient: QueryClient, projectId: string, row: KeyRow): void {
  eachKeyList(queryClient, projectId, (pages, { languages, search, filters }) => {
    if (pages.length === 0) return undefined;
    const at = find(pages, row.id);
    if (!at && (search !== "" || filters !== "")) return undefined;
    const existing = at ? pages[at.page]?.keys[at.index] : undefined;
    const strings: KeyRow["strings"] = {};
    for (const language of languages) {
      const cell = row.strings[language] ?? existing?.strings[language];
      if (cell) strings[language] = cell;
    }
    let next = at ? withKeys(pages, at.page, (pages[at.page] as KeyPage).keys.toSpliced(at.index, 1)) : pages;
    let target = next.findIndex((page) => {
      const last = page.keys.at(-1);
      return last !== undefined && compareKeys(last.key, row.key) >= 0;
    });
    if (target < 0) {
      // After every loaded key: the end of the list, or a page not loaded yet.
      if (next.at(-1)?.next !== null) return next;
      target = next.length - 1;
    }
    const keys = (next[target] as KeyPage).keys;
    next = withKeys(next, target, keys.toSpliced(insertionIndex(keys, row.key), 0, { ...row, strings }));
    return next;
  });
}

export function removeKey(queryClient: QueryClient, projectId: string, keyId: string): void {
  eachKeyList(queryClient, projectId, (pages) => {
    const at = find(pages, keyId);
    return at ? withKeys(pages, at.page, (pages[at.page] as KeyPage).keys.toSpliced(at.index, 1)) : undefined;
  });
}
