import { Rocket } from "lucide-react";
import { useState } from "react";
import { can } from "../../../shared/permissions.ts";
import { Toolbar, type ToolbarAction } from "../../components/ui/toolbar.tsx";
import { BranchPicker } from "../../features/branches/components/branch-picker.tsx";
import { useAddressBranch } from "../../features/branches/hooks/use-address-branch.ts";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { ProjectGate } from "../../features/projects/components/project-gate.tsx";
import { ReleasesView } from "../../features/releases/components/releases-view.tsx";
import { useWorkspace } from "../../lib/workspace.tsx";

/**
 * /app/releases: the selected project's over-the-air releases (issue 37). Every member sees them;
 * owners and admins publish, roll back and choose whether a completed review publishes one. The
 * branch picker (`?branch=`, as on the Overview) says whose strings Publish releases: main's, or a
 * branch's for a staging app (issue 39); the list is the project's, every branch's releases.
 */
export function ReleasesPage() {
  const { selectedTeam, selectedProjectId, selectProject } = useWorkspace();
  const role = selectedTeam?.role ?? "none";
  const canPublish = can(role, "releases.publish");
  const project = useProjects(selectedTeam?.id ?? null).data?.find((p) => p.id === selectedProjectId) ?? null;
  const canSeeBranches = can(role, "branches.view");
  const address = useAddressBranch(canSeeBranches ? selectedProjectId : null);
  const [publishing, setPublishing] = useState(false);
  const actions: ToolbarAction[] =
    canPublish && project
      ? [
          {
            label: address.branch ? `Publish release from ${address.branch.name}` : "Publish release",
            icon: Rocket,
            onClick: () => setPublishing(true),
            primary: true,
            disabled: address.resolving,
          },
        ]
      : [];

  return (
    <>
      <Toolbar
        title={project ? `Releases · ${project.name}` : "Releases"}
        beside={
          project && canSeeBranches ? (
            <BranchPicker projectId={project.id} address={address} canStart={can(role, "branches.manage")} />
          ) : null
        }
        actions={actions}
      />
      {can(role, "releases.view") ? (
        <ProjectGate
          team={selectedTeam}
          projectId={selectedProjectId}
          onSelectProject={selectProject}
          purpose="its releases"
        >
          {(chosen) => (
            <ReleasesView
              key={chosen.id}
              project={chosen}
              canPublish={canPublish}
              branch={address.branch}
              publishing={publishing}
              onPublishingChange={setPublishing}
            />
          )}
        </ProjectGate>
      ) : (
        <p className="text-sm text-muted">Only members of the project's team see its releases.</p>
      )}
    </>
  );
}
