import { GitBranch, Lock } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { Branch, BranchChanges } from "../../../../shared/schemas/branches.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { exactTime, relativeTime } from "../../../lib/time-text.ts";
import { useArchiveBranch, useBranches, useBranchSettings, useProtectBranch } from "../api/branches.ts";

export interface BranchesViewProps {
  projectId: string;
  /** Owners and admins protect and delete branches, and protect main. */
  canManage: boolean;
}

/** "2 keys added, 1 changed, 5 strings": what a branch holds, in words. */
export function changesText(changes: BranchChanges): string {
  const parts = [
    changes.keysAdded > 0 ? `${changes.keysAdded} ${changes.keysAdded === 1 ? "key" : "keys"} added` : "",
    changes.keysChanged > 0 ? `${changes.keysChanged} changed` : "",
    changes.keysDeleted > 0 ? `${changes.keysDeleted} deleted` : "",
    changes.strings > 0 ? `${changes.strings} ${changes.strings === 1 ? "string" : "strings"}` : "",
  ].filter((part) => part !== "");
  return parts.length > 0 ? parts.join(", ") : "No changes";
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}

/** /app/branches: the project's branches, what each changes, and (owners, admins) their protection. */
export function BranchesView({ projectId, canManage }: BranchesViewProps) {
  const list = useBranches(projectId);
  const protect = useProtectBranch(projectId);
  const archive = useArchiveBranch(projectId);
  const settings = useBranchSettings(projectId);
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const mainSwitch = useId();
  const reviewSwitch = useId();

  if (list.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner /> Loading branches…
      </p>
    );
  }
  if (list.isError) {
    return (
      <p className="text-sm text-danger" role="alert">
        {errorMessage(list.error, "Could not load the branches. Please try again.")}
      </p>
    );
  }
  const { branches, archived, mainProtected, mergeRequiresReview } = list.data;
  const failure = protect.error ?? archive.error ?? settings.error;

  return (
    <div className="flex flex-col gap-6">
      {canManage ? (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <Switch
              id={mainSwitch}
              checked={mainProtected}
              disabled={settings.isPending}
              onCheckedChange={(checked) => settings.mutate({ mainProtected: checked })}
            />
            <Label htmlFor={mainSwitch}>Protect main: only owners and admins merge into it</Label>
          </div>
          <div className="flex items-center gap-3">
            <Switch
              id={reviewSwitch}
              checked={mergeRequiresReview}
              disabled={settings.isPending}
              onCheckedChange={(checked) => settings.mutate({ mergeRequiresReview: checked })}
            />
            <Label htmlFor={reviewSwitch}>Merging requires a completed review of the branch's changes</Label>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted">
          {mainProtected
            ? "Main is protected: only owners and admins merge into it."
            : "Every member may merge into main."}
          {mergeRequiresReview ? " A branch merges after a completed review of its changes." : ""}
        </p>
      )}
      {failure ? (
        <p className="text-sm text-danger" role="alert">
          {errorMessage(failure, "That did not work. Please try again.")}
        </p>
      ) : null}
      {branches.length === 0 ? (
        <EmptyState
          icon={GitBranch}
          title="No branches yet"
          description={
            <>
              A branch lets a feature's strings change apart from main, as its code does on a git branch, and
              join main when it is merged. Start one from the branch menu beside the project's name, or with{" "}
              <code className="font-mono">sprog push --branch feature/x</code>. With{" "}
              <code className="font-mono">"branch": "git"</code> in sprog.json, every push goes to the branch
              git is on.
            </>
          }
        />
      ) : (
        <BranchTable
          caption="Branches"
          branches={branches}
          actions={(branch) =>
            canManage ? (
              <div className="flex justify-end gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={protect.isPending}
                  onClick={() => protect.mutate({ branchId: branch.id, protect: !branch.protected })}
                  aria-label={`${branch.protected ? "Unprotect" : "Protect"} ${branch.name}`}
                >
                  {branch.protected ? "Unprotect" : "Protect"}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDeleting(branch)}
                  aria-label={`Delete ${branch.name}`}
                >
                  Delete
                </Button>
              </div>
            ) : null
          }
        />
      )}
      {archived.length > 0 ? (
        <section aria-label="Archived branches" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">Archived</h2>
          <p className="text-xs text-muted">Deleted branches, kept with their changes.</p>
          <BranchTable caption="Archived branches" branches={archived} archived />
        </section>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.name ?? "branch"}?`}
        description="The branch is archived with its changes, not lost, and its name is free again. Nobody can work on it or merge it after this."
        confirmLabel="Delete branch"
        destructive
        loading={archive.isPending}
        onConfirm={() => {
          if (deleting) archive.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </div>
  );
}

function BranchTable({
  caption,
  branches,
  archived = false,
  actions,
}: {
  caption: string;
  branches: Branch[];
  archived?: boolean;
  actions?: (branch: Branch) => React.ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted text-left text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Branch
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              From
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Started
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Changes
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Merged
            </th>
            {actions ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {branches.map((branch) => (
            <tr key={branch.id} className="border-t border-border" data-testid={`branch-${branch.name}`}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <span className="flex flex-wrap items-center gap-2">
                  {archived ? (
                    <span className="font-mono">{branch.name}</span>
                  ) : (
                    <Link
                      to={`/app/branches/${branch.id}`}
                      className="font-mono text-brand-600 underline-offset-4 hover:underline"
                    >
                      {branch.name}
                    </Link>
                  )}
                  {branch.protected ? (
                    <span className="inline-flex items-center gap-1 rounded-sm border border-border px-1 text-[11px] text-muted">
                      <Lock aria-hidden="true" className="size-3" />
                      Protected
                    </span>
                  ) : null}
                </span>
              </th>
              <td className="px-3 py-2 font-mono">{branch.baseName}</td>
              <td className="px-3 py-2">
                {branch.createdBy ?? "Someone"}, <When iso={branch.createdAt} />
              </td>
              <td className="px-3 py-2">{changesText(branch.changes)}</td>
              <td className="px-3 py-2">
                {branch.merges === 0 || !branch.mergedAt ? (
                  "Never"
                ) : (
                  <>
                    {branch.merges === 1 ? "Once" : `${branch.merges} times`}, last{" "}
                    <When iso={branch.mergedAt} />
                  </>
                )}
              </td>
              {actions ? <td className="px-3 py-2">{actions(branch)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
