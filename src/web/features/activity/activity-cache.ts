import type { QueryClient } from "@tanstack/react-query";
import { ACTIVITY_KINDS, type ActivityEntry } from "../../../shared/schemas/activity.ts";
import { type ActivityFilters, queryKeys } from "../../lib/query-keys.ts";
import type { ActivityPages } from "./api/list-activity.ts";

/** The UTC day (YYYY-MM-DD) of an instant: the days `since` and `until` filter on are UTC days. */
export function utcDay(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso.slice(0, 10) : time.toISOString().slice(0, 10);
}

/**
 * Whether a feed with these filters would list the entry, the server's rules repeated: a realtime
 * entry goes only into the feeds that would have fetched it. Who may not see all (a reviewer) sees
 * only string work.
 */
export function entryMatches(entry: ActivityEntry, filters: ActivityFilters, viewAll: boolean): boolean {
  if (!viewAll && !ACTIVITY_KINDS[entry.kind].stringWork) return false;
  if (filters.projectId !== undefined && entry.projectId !== filters.projectId) return false;
  if (filters.userId !== undefined && entry.user?.id !== filters.userId) return false;
  if (filters.kind !== undefined && entry.kind !== filters.kind) return false;
  const day = utcDay(entry.createdAt);
  if (filters.since !== undefined && day < filters.since) return false;
  if (filters.until !== undefined && day > filters.until) return false;
  return true;
}

const time = (entry: ActivityEntry) => new Date(entry.createdAt).getTime();

/**
 * The feed with a realtime entry in it: an entry with the same id (string edits of a minute whose
 * count grew) is replaced, and the entry goes where the server would list it, newest first: a new
 * entry at the top, a grown one in its place unless its time moved it. An entry older than every
 * loaded one while older pages remain is left to "Load more", which fetches it in its place.
 */
export function withActivityEntry(data: ActivityPages, entry: ActivityEntry): ActivityPages {
  const pages = data.pages.map((page) => ({
    ...page,
    entries: page.entries.filter((existing) => existing.id !== entry.id),
  }));
  // The page of the last entry at least as new as this one takes it, after that entry (the first
  // page when there is none): entries stay newest first across the pages.
  let target = pages[0];
  let at = 0;
  for (const page of pages) {
    const newer = page.entries.filter((existing) => time(existing) >= time(entry)).length;
    if (newer === 0 && page !== pages[0]) break;
    target = page;
    at = newer;
    if (newer < page.entries.length) break;
  }
  if (!target) return data;
  if (target === pages.at(-1) && at === target.entries.length && target.next !== null && at > 0) {
    return { ...data, pages };
  }
  target.entries.splice(at, 0, entry);
  return { ...data, pages };
}

/**
 * A realtime entry into every cached feed of the team that would list it (each feed's filters are
 * the last part of its query key), without refetching any of them.
 */
export function applyActivityEntry(
  queryClient: QueryClient,
  teamId: string,
  entry: ActivityEntry,
  viewAll: boolean,
): void {
  for (const [queryKey, data] of queryClient.getQueriesData<ActivityPages>({
    queryKey: queryKeys.teamActivity(teamId),
  })) {
    const filters = queryKey[3] as ActivityFilters | undefined;
    if (!data || !filters || !entryMatches(entry, filters, viewAll)) continue;
    queryClient.setQueryData<ActivityPages>(queryKey, withActivityEntry(data, entry));
  }
}
