import { useState } from "react";
import { Navigate, Outlet, useNavigate, useSearchParams } from "react-router";
import type { Me } from "../../../shared/schemas/auth.ts";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { sortTeamsByName, useTeams } from "../../features/teams/api/list-teams.ts";
import { RequireSession } from "../../lib/route-guards.tsx";
import { useWorkspace, WorkspaceProvider } from "../../lib/workspace.tsx";
import { AppSidebar } from "./app-sidebar.tsx";
import { AppTopBar } from "./app-top-bar.tsx";

// Loaded when first opened: the screen's first paint does not wait for them.
const CreateProjectDialog = lazyDialog(() =>
  import("../../features/projects/components/create-project-dialog.tsx").then(
    (module) => module.CreateProjectDialog,
  ),
);

/**
 * The top bar, then the sidebar next to the content (spec point 2); below 768 px the sidebar is the
 * top bar's drawer. One Create Project dialog serves the picker, the sidebar and the drawer.
 */
function AppFrame({ onSignedOut }: { onSignedOut: () => void }) {
  const { selectedTeam, selectProject } = useWorkspace();
  const [creatingProject, setCreatingProject] = useState(false);
  const newProject = () => setCreatingProject(true);
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <AppTopBar onSignedOut={onSignedOut} onNewProject={newProject} />
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        <AppSidebar className="hidden md:flex" onNewProject={newProject} />
        <main className="flex min-w-0 flex-1 flex-col gap-3 px-4 py-3 sm:gap-4 sm:px-6 sm:py-6">
          <Outlet />
        </main>
      </div>
      {selectedTeam ? (
        <CreateProjectDialog
          teamId={selectedTeam.id}
          open={creatingProject}
          onOpenChange={setCreatingProject}
          onCreated={(project) => selectProject(project.id)}
        />
      ) : null}
    </div>
  );
}

function AppShell({ me }: { me: Me }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const teamsQuery = useTeams();
  const teams = teamsQuery.data ?? sortTeamsByName(me.teams);

  if (searchParams.get("checkout") === "success") return <Navigate to="/app/overview" replace />;

  return (
    <WorkspaceProvider me={me} teams={teams}>
      <AppFrame onSignedOut={() => navigate("/login", { replace: true })} />
    </WorkspaceProvider>
  );
}

/** /app: the protected area with the top bar and the sidebar; the tabs render in the outlet. */
export function AppLayout() {
  return <RequireSession>{(me) => <AppShell me={me} />}</RequireSession>;
}
