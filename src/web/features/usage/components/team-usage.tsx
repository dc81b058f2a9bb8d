import { type ReactNode, useId } from "react";
import { can } from "../../../../shared/permissions.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import type { TeamUsage as Usage } from "../../../../shared/schemas/usage.ts";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useTeamUsage } from "../api/get-team-usage.ts";

const number = (value: number) => value.toLocaleString("en");

/** "November 2026" for the month's first day (`YYYY-MM-DD`, UTC). */
export function monthLabel(month: string): string {
  return new Date(`${month}T00:00:00Z`).toLocaleString("en", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * The Team screen's 'Usage' (issue 22): what the team's bill is made of. Owners and admins only
 * (the server answers others 403, so it is not asked).
 */
export function TeamUsage({ team }: { team: TeamSummary | null }) {
  if (!team || !can(team.role, "usage.view")) return null;
  return (
    <section aria-labelledby="usage-heading" className="flex flex-col gap-2">
      <h2 id="usage-heading" className="text-sm font-semibold">
        Usage
      </h2>
      <UsageOfTeam key={team.id} teamId={team.id} />
    </section>
  );
}

function UsageOfTeam({ teamId }: { teamId: string }) {
  const usage = useTeamUsage(teamId);
  if (usage.isPending) return <Spinner label="Loading usage" className="text-muted" />;
  if (usage.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(usage.error, "Failed to load usage")}
      </p>
    );
  }
  return <UsageNumbers usage={usage.data} />;
}

function UsageNumbers({ usage }: { usage: Usage }) {
  const month = monthLabel(usage.month);
  const ai: [string, number][] = [
    ["AI calls", usage.ai.calls],
    ["Input tokens", usage.ai.inputTokens],
    ["Output tokens", usage.ai.outputTokens],
    ["Characters translated", usage.ai.characters],
  ];
  const work: [string, number][] = [
    ["Keys", usage.keys],
    ["Strings", usage.strings],
    ["Seats", usage.seats],
  ];
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <Figures title={`AI in ${month}`} figures={ai}>
        {usage.ai.tokenLimit !== null ? (
          <TokenLimit
            used={usage.ai.inputTokens + usage.ai.outputTokens}
            limit={usage.ai.tokenLimit}
            month={month}
          />
        ) : null}
      </Figures>
      <Figures title="All projects" figures={work} />
    </div>
  );
}

/** A titled group of numbers with their labels: two columns on a phone, four from `sm`. */
function Figures({
  title,
  figures,
  children,
}: {
  title: string;
  figures: [string, number][];
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-xs font-medium text-muted">
        {title}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([name, value]) => (
          <div key={name} className="flex min-w-0 flex-col">
            <dt className="text-xs text-muted">{name}</dt>
            <dd className="truncate text-lg font-semibold tabular-nums">{number(value)}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

/** Tokens used against AI_MONTHLY_TOKEN_LIMIT; at the limit, AI calls wait for the next month. */
function TokenLimit({ used, limit, month }: { used: number; limit: number; month: string }) {
  const percent = Math.min(100, Math.round((used * 100) / limit));
  const left = Math.max(0, limit - used);
  return (
    <div className="flex flex-col gap-1">
      <ProgressBar label={`AI tokens used in ${month}`} value={percent} />
      <p className="text-xs text-muted">
        {left === 0
          ? `All ${number(limit)} AI tokens of ${month} are used: AI translation is paused until next month.`
          : `${number(used)} of ${number(limit)} AI tokens used (${number(left)} left).`}
      </p>
    </div>
  );
}
