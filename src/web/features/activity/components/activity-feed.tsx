import { CircleAlert, History } from "lucide-react";
import { useMemo } from "react";
import type { ActivityEntry } from "../../../../shared/schemas/activity.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { failureText } from "../../../lib/failure-text.ts";
import type { ActivityFilters } from "../../../lib/query-keys.ts";
import { useNow } from "../../../lib/use-now.ts";
import { dayLabel, groupByDay } from "../activity-text.ts";
import { useActivity } from "../api/list-activity.ts";
import { ActivityItem } from "./activity-item.tsx";

/** What the empty feed says will show up. */
export const EMPTY_ACTIVITY_TEXT =
  "String edits, imports, batch translations, new and renamed keys, reviews and team changes will show up here as they happen.";

/** Rows the shape of entries while the first page loads. */
export function FeedSkeleton() {
  return (
    <div role="status" aria-label="Loading activity" className="flex flex-col divide-y divide-border">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} aria-hidden="true" className="flex animate-pulse gap-3 py-3">
          <span className="size-8 shrink-0 rounded-full bg-surface-muted" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-3.5 w-3/4 max-w-md rounded bg-surface-muted" />
            <span className="h-3 w-1/3 max-w-40 rounded bg-surface-muted" />
          </span>
        </div>
      ))}
    </div>
  );
}

export interface ActivityFeedProps {
  teamId: string;
  filters: ActivityFilters;
  /** The whole team's feed names each entry's project. */
  showProject: boolean;
  /** A person, kind or day is filtered on: an empty feed says so, with a way out. */
  filtered: boolean;
  onClearFilters: () => void;
}

/** The feed, newest first in day groups, with "Load more" for older pages. */
export function ActivityFeed({ teamId, filters, showProject, filtered, onClearFilters }: ActivityFeedProps) {
  const feed = useActivity(teamId, filters);
  const now = useNow();
  const entries = useMemo(
    () => ([] as ActivityEntry[]).concat(...(feed.data?.pages.map((page) => page.entries) ?? [])),
    [feed.data],
  );
  const groups = useMemo(() => groupByDay(entries), [entries]);

  if (feed.isPending) return <FeedSkeleton />;
  if (feed.isError && !feed.data) {
    return (
      <EmptyState
        icon={CircleAlert}
        title="Failed to load the activity"
        description={failureText(feed.error, "Check your connection and try again.")}
        action={
          <Button variant="outline" onClick={() => void feed.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (entries.length === 0) {
    return filtered ? (
      <EmptyState
        icon={History}
        title="No activity matches these filters"
        description="Try another person, kind or date range."
        action={
          <Button variant="outline" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState icon={History} title="No activity yet" description={EMPTY_ACTIVITY_TEXT} />
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {groups.map((group) => {
        const label = dayLabel(group.day, now);
        return (
          <section key={group.day} aria-label={label} className="flex min-w-0 flex-col">
            <h2 className="border-b border-border pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
              {label}
            </h2>
            <ul className="flex min-w-0 flex-col divide-y divide-border">
              {group.entries.map((entry) => (
                <ActivityItem
                  key={entry.id}
                  entry={entry}
                  teamId={teamId}
                  showProject={showProject}
                  now={now}
                />
              ))}
            </ul>
          </section>
        );
      })}
      {feed.isFetchNextPageError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
          {failureText(feed.error, "Failed to load older activity.")}
          <Button variant="outline" size="sm" onClick={() => void feed.fetchNextPage()}>
            Retry
          </Button>
        </p>
      ) : feed.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          loading={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
