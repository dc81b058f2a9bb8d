import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Cell, KeyRow } from "../../../shared/schemas/keys.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import type { KeyList } from "./api/list-keys.ts";

/** The languages a cached key list was fetched for (the last part of its query key). */
function languagesOf(queryKey: QueryKey): string[] {
  const part = queryKey[3];
  return typeof part === "string" && part !== "" ? part.split(",") : [];
}

function eachKeyList(
  queryClient: QueryClient,
  projectId: string,
  update: (rows: KeyRow[], languages: string[]) => KeyRow[] | undefined,
): void {
  for (const [queryKey, list] of queryClient.getQueriesData<KeyList>({
    queryKey: queryKeys.projectKeys(projectId),
  })) {
    if (!list) continue;
    const next = update(list.rows, languagesOf(queryKey));
    if (next && next !== list.rows) queryClient.setQueryData<KeyList>(queryKey, { ...list, rows: next });
  }
}

/** The cell cached for one string (the first list holding that language), if any. */
export function cachedCell(
  queryClient: QueryClient,
  projectId: string,
  keyId: string,
  language: string,
): Cell | undefined {
  for (const [queryKey, list] of queryClient.getQueriesData<KeyList>({
    queryKey: queryKeys.projectKeys(projectId),
  })) {
    if (!list || !languagesOf(queryKey).includes(language)) continue;
    const row = list.rows.find((r) => r.id === keyId);
    if (row) return row.strings[language];
  }
  return undefined;
}

/**
 * Puts a saved cell into every cached key list that holds its language. With `onlyNewer`, an older or
 * equal version (e.g. the echo of one's own save over the event stream) leaves the cache alone.
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
  eachKeyList(queryClient, projectId, (rows, languages) => {
    if (!languages.includes(language)) return undefined;
    const index = rows.findIndex((row) => row.id === keyId);
    const row = rows[index];
    if (!row) return undefined;
    const current = row.strings[language];
    if (options.onlyNewer && current && current.version >= cell.version) return undefined;
    changed = true;
    const next = [...rows];
    next[index] = { ...row, strings: { ...row.strings, [language]: cell } };
    return next;
  });
  return changed;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Adds or replaces a key (create, rename), keeping each list ordered by name. */
export function upsertKey(queryClient: QueryClient, projectId: string, row: KeyRow): void {
  eachKeyList(queryClient, projectId, (rows, languages) => {
    const existing = rows.find((r) => r.id === row.id);
    const strings: KeyRow["strings"] = {};
    for (const language of languages) {
      const cell = row.strings[language] ?? existing?.strings[language];
      if (cell) strings[language] = cell;
    }
    const next = rows.filter((r) => r.id !== row.id);
    let low = 0;
    let high = next.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compareKeys((next[mid] as KeyRow).key, row.key) < 0) low = mid + 1;
      else high = mid;
    }
    next.splice(low, 0, { ...row, strings });
    return next;
  });
}

export function removeKey(queryClient: QueryClient, projectId: string, keyId: string): void {
  eachKeyList(queryClient, projectId, (rows) =>
    rows.some((r) => r.id === keyId) ? rows.filter((r) => r.id !== keyId) : undefined,
  );
}
