import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { can } from "../../../shared/permissions.ts";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { MergeView } from "../../features/branches/components/merge-view.tsx";
import { ProjectGate } from "../../features/projects/components/project-gate.tsx";
import { useWorkspace } from "../../lib/workspace.tsx";

/** /app/branches/:branchId: compare a branch with its base, resolve its conflicts, merge it (issue 39). */
export function BranchMergePage() {
  const { branchId = "" } = useParams();
  const { selectedTeam, selectedProjectId, selectProject } = useWorkspace();
  const role = selectedTeam?.role ?? "none";

  return (
    <>
      <Toolbar title="Compare & merge">
        <Link
          to="/app/branches"
          className="inline-flex items-center gap-1 text-sm text-brand-600 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All branches
        </Link>
      </Toolbar>
      {can(role, "branches.view") ? (
        <ProjectGate
          team={selectedTeam}
          projectId={selectedProjectId}
          onSelectProject={selectProject}
          purpose="its branches"
        >
          {(chosen) => <MergeView key={branchId} projectId={chosen.id} branchId={branchId} />}
        </ProjectGate>
      ) : (
        <p className="text-sm text-muted">Only members of the project's team see its branches.</p>
      )}
    </>
  );
}
