import { CircleAlert, Rocket } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { DEFAULT_ENVIRONMENT, type Release, type ReleaseList } from "../../../../shared/schemas/releases.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { BranchRef } from "../../../lib/branch-context.tsx";
import { failureText } from "../../../lib/failure-text.ts";
import { useNow } from "../../../lib/use-now.ts";
import { useActivateRelease } from "../api/change-releases.ts";
import { useReleases } from "../api/list-releases.ts";
import { useReleasesRealtime } from "../hooks/use-releases-realtime.ts";
import { environmentSuggestions } from "../release-text.ts";
import { ChooseEnvironmentDialog } from "./choose-environment-dialog.tsx";
import { EnvironmentsSummary } from "./environments-summary.tsx";
import { PublishReleaseDialog } from "./publish-release-dialog.tsx";
import { ReleaseSettings } from "./release-settings.tsx";
import { ReleasesTable } from "./releases-table.tsx";
import { UseInYourApp } from "./use-in-your-app.tsx";

export const RELEASES_PURPOSE =
  "A release is a numbered snapshot of this project's translations that your app loads over the air, without a new build or a store update. Publishing one makes it live in an environment such as production at once, and any earlier release can be made live again.";

export interface ReleasesViewProps {
  project: Project;
  /** Owners and admins: publish, roll back, the review setting. */
  canPublish: boolean;
  /** The branch the page's picker shows: Publish releases its strings; null: main's. */
  branch: BranchRef | null;
  /** The Publish dialog, opened from the page's toolbar too. */
  publishing: boolean;
  onPublishingChange: (open: boolean) => void;
}

/** The source language first: the order the dialog and the app's set-up list them in. */
function sourceFirst(project: Project): string[] {
  return [project.sourceLanguage, ...project.languages.filter((code) => code !== project.sourceLanguage)];
}

/** A release about to go live in production: asked about first. */
interface PendingActivation {
  release: Release;
  environment: string;
}

/** The releases tab of one project: environments, releases, the app's set-up, the review setting. */
export function ReleasesView({
  project,
  canPublish,
  branch,
  publishing,
  onPublishingChange,
}: ReleasesViewProps) {
  const releases = useReleases(project.id);
  useReleasesRealtime(project.id);
  const now = useNow();
  const activate = useActivateRelease(project.id);
  const [confirming, setConfirming] = useState<PendingActivation | null>(null);
  const [choosing, setChoosing] = useState<Release | null>(null);
  const list = releases.data;
  const suggestions = environmentSuggestions(list);
  const languages = sourceFirst(project);
  const origin = window.location.origin;

  const makeLive = async (release: Release, environment: string): Promise<string | undefined> => {
    try {
      await activate.mutateAsync({ releaseId: release.id, environment });
      toast.success(`${environment} now serves release ${release.number}`);
      return undefined;
    } catch (error) {
      return failureText(error, "Failed to make the release live");
    }
  };
  // Production is what the app's users see: a change to it is confirmed first.
  const onActivate = (release: Release, environment: string) => {
    if (environment === DEFAULT_ENVIRONMENT) {
      setConfirming({ release, environment });
      return;
    }
    void makeLive(release, environment).then((failed) => {
      if (failed) toast.error(failed);
    });
  };
  const onChosen = async (release: Release, environment: string) => {
    if (environment === DEFAULT_ENVIRONMENT) {
      setChoosing(null);
      setConfirming({ release, environment });
      return undefined;
    }
    const failed = await makeLive(release, environment);
    if (!failed) setChoosing(null);
    return failed;
  };

  if (releases.isError && !list) {
    return (
      <EmptyState
        icon={CircleAlert}
        title="Failed to load the releases"
        description={failureText(releases.error, "Check your connection and try again.")}
        action={
          <Button variant="outline" onClick={() => void releases.refetch()} loading={releases.isFetching}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!list) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading releases" className="size-6 text-brand-600" />
      </div>
    );
  }

  return (
    <>
      {list.releases.length === 0 ? (
        <EmptyState
          icon={Rocket}
          title="No releases yet"
          description={
            canPublish ? RELEASES_PURPOSE : `${RELEASES_PURPOSE} Owners and admins publish releases.`
          }
          action={
            canPublish ? (
              <Button onClick={() => onPublishingChange(true)}>
                <Rocket aria-hidden="true" />
                Publish release
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          {list.environments.length > 0 ? (
            <EnvironmentsSummary environments={list.environments} origin={origin} now={now} />
          ) : null}
          <section aria-labelledby="releases-list" className="flex flex-col gap-2">
            <h2 id="releases-list" className="text-base font-semibold">
              Releases
            </h2>
            <ReleasesTable
              releases={list.releases}
              environments={list.environments}
              now={now}
              onActivate={canPublish ? onActivate : undefined}
              onChooseEnvironment={canPublish ? setChoosing : undefined}
            />
          </section>
        </>
      )}
      <UseInYourApp
        origin={origin}
        distributionId={list.distributionId}
        projectId={project.id}
        languages={languages}
      />
      {canPublish ? (
        <>
          <ReleaseSettings
            projectId={project.id}
            releaseOnReview={list.releaseOnReview}
            suggestions={suggestions}
          />
          <PublishReleaseDialog
            projectId={project.id}
            languages={languages}
            sourceLanguage={project.sourceLanguage}
            suggestions={environmentSuggestions(list, branch?.name ?? null)}
            branch={branch}
            open={publishing}
            onOpenChange={onPublishingChange}
          />
          <ChooseEnvironmentDialog
            release={choosing}
            suggestions={environmentSuggestions(list, choosing?.branch ?? null)}
            onSubmit={onChosen}
            onClose={() => setChoosing(null)}
          />
          <ProductionConfirm
            pending={confirming}
            list={list}
            loading={activate.isPending}
            onCancel={() => setConfirming(null)}
            onConfirm={(pending) =>
              void makeLive(pending.release, pending.environment).then((failed) => {
                setConfirming(null);
                if (failed) toast.error(failed);
              })
            }
          />
        </>
      ) : null}
    </>
  );
}

/** "Roll back production to release 3?" (or make it live there): what the app's users will see. */
function ProductionConfirm({
  pending,
  list,
  loading,
  onCancel,
  onConfirm,
}: {
  pending: PendingActivation | null;
  list: ReleaseList;
  loading: boolean;
  onCancel: () => void;
  onConfirm: (pending: PendingActivation) => void;
}) {
  const serving = list.environments.find((env) => env.name === pending?.environment)?.releaseNumber;
  const number = pending?.release.number ?? 0;
  const rollback = serving !== undefined && serving > number;
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={
        rollback
          ? `Roll back ${pending?.environment} to release ${number}?`
          : `Make release ${number} live in ${pending?.environment}?`
      }
      description={
        rollback
          ? `Apps reading ${pending?.environment} load release ${number} instead of release ${serving} within a minute. Release ${serving} can be made live again from its row.`
          : `Apps reading ${pending?.environment} load release ${number} within a minute.`
      }
      confirmLabel={rollback ? "Roll back" : "Make live"}
      loading={loading}
      onConfirm={() => {
        if (pending) onConfirm(pending);
      }}
    />
  );
}
