import { can } from "../../../shared/permissions.ts";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { BranchesView } from "../../features/branches/components/branches-view.tsx";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { ProjectGate } from "../../features/projects/components/project-gate.tsx";
import { useWorkspace } from "../../lib/workspace.tsx";

/**
 * /app/branches: the selected project's branches (issue 39). Every member sees them and merges into
 * an unprotected base; owners and admins protect and delete them, and protect main.
 */
export function BranchesPage() {
  const { selectedTeam, selectedProjectId, selectProject } = useWorkspace();
  const role = selectedTeam?.role ?? "none";
  const project = useProjects(selectedTeam?.id ?? null).data?.find((p) => p.id === selectedProjectId) ?? null;

  return (
    <>
      <Toolbar title={project ? `Branches · ${project.name}` : "Branches"} />
      {can(role, "branches.view") ? (
        <ProjectGate
          team={selectedTeam}
          projectId={selectedProjectId}
          onSelectProject={selectProject}
          purpose="its branches"
        >
          {(chosen) => (
            <BranchesView key={chosen.id} projectId={chosen.id} canManage={can(role, "branches.manage")} />
          )}
        </ProjectGate>
      ) : (
        <p className="text-sm text-muted">Only members of the project's team see its branches.</p>
      )}
    </>
  );
}
