import { useState } from "react";
import { Link } from "react-router";
import type { ActivityEntry } from "../../../../shared/schemas/activity.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { exactTime } from "../../../lib/time-text.ts";
import { actorName, branchOf, describeActivity, relativeTime } from "../activity-text.ts";

/** Keys an entry links at first; "+N more" shows the rest it kept. */
const KEYS_SHOWN = 3;

/**
 * The Overview of the entry's project searching the key (the Overview reads these parameters), on
 * the branch the change was made on (`branch`: its name, as the branch picker keeps it).
 */
export function keyHref(teamId: string, projectId: string, key: string, branch?: string): string {
  const params = new URLSearchParams({ team: teamId, project: projectId, q: key });
  if (branch !== undefined) params.set("branch", branch);
  return `/app/overview?${params}`;
}

function EntryKeys({ entry, teamId }: { entry: ActivityEntry; teamId: string }) {
  const [expanded, setExpanded] = useState(false);
  const { keys, projectId } = entry;
  if (keys.length === 0) return null;
  const shown = expanded ? keys : keys.slice(0, KEYS_SHOWN);
  const more = keys.length - shown.length;
  // A deleted key has no Overview to open: its name is shown as it was.
  const linked = projectId !== null && entry.kind !== "key.deleted";
  return (
    <ul aria-label="Keys" className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      {shown.map(({ id, key }) => (
        <li key={id} className="min-w-0 max-w-full">
          {linked ? (
            <Link
              to={keyHref(teamId, projectId, key, branchOf(entry))}
              className="block truncate rounded font-mono text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              title={`Open ${key} in the Overview`}
            >
              {key}
            </Link>
          ) : (
            <span className="block truncate font-mono text-muted">{key}</span>
          )}
        </li>
      ))}
      {more > 0 ? (
        <li>
          <button
            type="button"
            className="rounded text-muted underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => setExpanded(true)}
          >
            +{more.toLocaleString("en")} more
          </button>
        </li>
      ) : null}
    </ul>
  );
}

export interface ActivityItemProps {
  entry: ActivityEntry;
  teamId: string;
  /** The whole team's feed names each entry's project. */
  showProject: boolean;
  /** The time the relative times are counted from (ticks each minute). */
  now: number;
}

/** One entry: who, what (in plain words), when, and the keys it was about. */
export function ActivityItem({ entry, teamId, showProject, now }: ActivityItemProps) {
  const name = actorName(entry);
  // Review entries name their review: it opens from here.
  const reviewId = entry.kind.startsWith("review.") ? entry.details.reviewId : undefined;
  return (
    <li className="flex min-w-0 gap-3 py-3">
      <Avatar name={name} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 flex-col gap-x-3 gap-y-0.5 sm:flex-row sm:items-baseline sm:justify-between">
          <p className="min-w-0 text-sm break-words">
            <span className="font-medium text-foreground">{name}</span>{" "}
            <span className="text-foreground">{describeActivity(entry)}</span>
            {showProject && entry.projectName ? (
              <span className="text-muted"> · {entry.projectName}</span>
            ) : null}
          </p>
          <time
            dateTime={entry.createdAt}
            title={exactTime(entry.createdAt)}
            className="shrink-0 text-xs whitespace-nowrap text-muted"
          >
            {relativeTime(entry.createdAt, now)}
          </time>
        </div>
        <EntryKeys entry={entry} teamId={teamId} />
        {typeof reviewId === "string" && reviewId !== "" ? (
          <Link
            to={`/app/review/${encodeURIComponent(reviewId)}`}
            className="self-start rounded text-xs text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            Open the review
          </Link>
        ) : null}
      </div>
    </li>
  );
}
