import { Link } from "react-router";
import type { Dashboard } from "../../../../../shared/schemas/dashboard.ts";
import { ProgressBar } from "../../../../components/ui/progress-bar.tsx";
import { STATE_COLORS } from "./dashboard-colors.ts";
import { formatCount, monthLabel, percent } from "./dashboard-numbers.ts";

const reviewPath = (id: string) => `/app/review/${encodeURIComponent(id)}`;

/** Words written this month by people and by AI: a two-part bar with both numbers as text. */
export function WordsThisMonth({ words }: { words: Dashboard["words"] }) {
  const total = words.people + words.ai;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">{monthLabel(words.month)}</p>
      <div
        aria-hidden="true"
        className="flex h-3 overflow-hidden rounded-full border border-border-strong bg-surface-muted"
      >
        {total > 0 ? (
          <>
            <span
              className="h-full"
              style={{ width: `${(words.people / total) * 100}%`, backgroundColor: STATE_COLORS.translated }}
            />
            <span
              className="h-full"
              style={{ width: `${(words.ai / total) * 100}%`, backgroundColor: STATE_COLORS.unverified }}
            />
          </>
        ) : null}
      </div>
      <table className="text-sm">
        <caption className="sr-only">Words translated in {monthLabel(words.month)}</caption>
        <tbody>
          <tr>
            <th scope="row" className="py-0.5 text-left font-normal text-muted">
              <span className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-sm"
                  style={{ backgroundColor: STATE_COLORS.translated }}
                />
                People
              </span>
            </th>
            <td className="text-right font-medium tabular-nums">{formatCount(words.people)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-0.5 text-left font-normal text-muted">
              <span className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-sm"
                  style={{ backgroundColor: STATE_COLORS.unverified }}
                />
                AI
              </span>
            </th>
            <td className="text-right font-medium tabular-nums">{formatCount(words.ai)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The people who edited the most strings this month, most first. */
export function TopContributors({ contributors }: { contributors: Dashboard["contributors"] }) {
  if (contributors.length === 0) return <p className="text-sm text-muted">No string edits this month yet.</p>;
  return (
    <ol aria-label="Top contributors" className="flex flex-col gap-1.5 text-sm">
      {contributors.map((person) => (
        <li key={person.userId} className="flex items-baseline justify-between gap-3">
          <span className="min-w-0 truncate text-foreground">{person.name}</span>
          <span className="shrink-0 text-muted tabular-nums">
            {formatCount(person.strings)} {person.strings === 1 ? "string" : "strings"}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The project's open reviews, each a link with its approvals so far. */
export function OpenReviews({ reviews }: { reviews: Dashboard["reviews"] }) {
  if (reviews.length === 0) return <p className="text-sm text-muted">No open reviews.</p>;
  return (
    <ul aria-label="Open reviews" className="flex flex-col gap-3 text-sm">
      {reviews.map((review) => {
        const done = percent(review.approved, review.total);
        return (
          <li key={review.id} className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-3">
              <Link
                to={reviewPath(review.id)}
                className="min-w-0 truncate font-medium text-brand-700 hover:underline"
              >
                {review.title}
              </Link>
              <span className="shrink-0 text-muted tabular-nums">{done}%</span>
            </div>
            <ProgressBar label={`${review.title}: ${done}% approved`} value={done} />
            <p className="text-xs text-muted">
              {formatCount(review.approved)} of {formatCount(review.total)} approved · {review.languagesDone}{" "}
              of {review.languages} {review.languages === 1 ? "language" : "languages"} done
            </p>
          </li>
        );
      })}
    </ul>
  );
}
