import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../../components/ui/button.tsx";
import { EmptyState } from "../../../../components/ui/empty-state.tsx";
import { failureText } from "../../../../lib/failure-text.ts";
import { useDashboard } from "../../api/get-dashboard.ts";
import { LanguageBars } from "./language-bars.tsx";
import { ProgressChart } from "./progress-chart.tsx";
import { OpenReviews, TopContributors, WordsThisMonth } from "./work-summary.tsx";

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      className={`flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-background p-4 ${className ?? ""}`}
    >
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      {/* A wrapper, so the panel's lists are not the feed's day sections' `section > ul` shape. */}
      <div className="min-w-0">{children}</div>
    </section>
  );
}

/** Boxes the shape of the dashboard while it loads. */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading the dashboard" className="grid gap-4 md:grid-cols-2">
      {[0, 1, 2, 3].map((box) => (
        <div
          key={box}
          aria-hidden="true"
          className="flex animate-pulse flex-col gap-3 rounded-lg border border-border p-4"
        >
          <span className="h-4 w-1/3 rounded bg-surface-muted" />
          <span className="h-3 w-full rounded bg-surface-muted" />
          <span className="h-3 w-5/6 rounded bg-surface-muted" />
          <span className="h-3 w-2/3 rounded bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}

/**
 * The selected project's dashboard at the top of the Activity tab (issue 22): where each language
 * stands, its progress over 90 days, this month's words by people and AI, the top contributors and
 * the open reviews. Every chart comes with its numbers as text or a table.
 */
export function ProjectDashboard({ projectId }: { projectId: string }) {
  const dashboard = useDashboard(projectId);

  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError && !dashboard.data) {
    return (
      <EmptyState
        icon={CircleAlert}
        title="Failed to load the dashboard"
        description={failureText(dashboard.error, "Check your connection and try again.")}
        action={
          <Button variant="outline" onClick={() => void dashboard.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const data = dashboard.data;
  return (
    <section aria-label="Dashboard" className="grid min-w-0 gap-4 md:grid-cols-2">
      {data.languages.length === 0 ? (
        <p className="text-sm text-muted md:col-span-2">
          This project has no target languages yet. Add languages in the project's settings to see how far
          each one is translated.
        </p>
      ) : (
        <>
          <Panel title="Languages">
            <LanguageBars languages={data.languages} />
          </Panel>
          <Panel title="Progress, last 90 days">
            <ProgressChart progress={data.progress} />
          </Panel>
        </>
      )}
      <Panel title="Words translated this month">
        <WordsThisMonth words={data.words} />
      </Panel>
      <Panel title="Top contributors">
        <TopContributors contributors={data.contributors} />
      </Panel>
      <Panel title="Open reviews" className="md:col-span-2">
        <OpenReviews reviews={data.reviews} />
      </Panel>
    </section>
  );
}
