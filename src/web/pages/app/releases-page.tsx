import { Rocket } from "lucide-react";
import { useState } from "react";
import { can } from "../../../shared/permissions.ts";
import { Toolbar, type ToolbarAction } from "../../components/ui/toolbar.tsx";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { ProjectGate } from "../../features/projects/components/project-gate.tsx";
import { ReleasesView } from "../../features/releases/components/releases-view.tsx";
import { useWorkspace } from "../../lib/workspace.tsx";

/**
 * /app/releases: the selected project's over-the-air releases (issue 37). Every member sees them;
 * owners and admins publish, roll back and choose whether a completed review publishes one.
 */
export function ReleasesPage() {
  const { selectedTeam, selectedProjectId, selectProject } = useWorkspace();
  const role = selectedTeam?.role ?? "none";
  const canPublish = can(role, "releases.publish");
  const project = useProjects(selectedTeam?.id ?? null).data?.find((p) => p.id === selectedProjectId) ?? null;
  const [publishing, setPublishing] = useState(false);
  const actions: ToolbarAction[] =
    canPublish && project
      ? [{ label: "Publish release", icon: Rocket, onClick: () => setPublishing(true), primary: true }]
      : [];

  return (
    <>
      <Toolbar title={project ? `Releases · ${project.name}` : "Releases"} actions={actions} />
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
