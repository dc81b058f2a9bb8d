import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ActivityPage } from "../../../../shared/schemas/activity.ts";
import { api } from "../../../lib/api.ts";
import { type ActivityFilters, queryKeys } from "../../../lib/query-keys.ts";

/** The cached feed: its pages so far, each fetched before the entry the previous one ended on. */
export type ActivityPages = InfiniteData<ActivityPage, string | null>;

/** One page of the feed, newest first; `before` is a page's `next`. */
export async function listActivity(
  teamId: string,
  filters: ActivityFilters,
  before?: string,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return api.activity.list(
    { params: { teamId }, query: { ...filters, ...(before !== undefined ? { before } : {}) } },
    signal ? { signal } : {},
  );
}

export function activityQueryOptions(teamId: string, filters: ActivityFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.teamActivityFor(teamId, filters),
    queryFn: ({ pageParam, signal }) => listActivity(teamId, filters, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ActivityPage): string | undefined => last.next ?? undefined,
    // Realtime puts new entries at the top (use-activity-realtime.ts): no refetch on focus needed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The team's feed for `filters`, a page at a time (`fetchNextPage` is "Load more"). */
export function useActivity(teamId: string, filters: ActivityFilters) {
  return useInfiniteQuery(activityQueryOptions(teamId, filters));
}
