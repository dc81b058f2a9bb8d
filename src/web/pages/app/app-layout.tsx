import { Navigate, Outlet, useNavigate, useSearchParams } from "react-router";
import type { Me } from "../../../shared/schemas/auth.ts";
import { sortTeamsByName, useTeams } from "../../features/teams/api/list-teams.ts";
import { RequireSession } from "../../lib/route-guards.tsx";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
import { AppTopBar } from "./app-top-bar.tsx";

function AppShell({ me }: { me: Me }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const teamsQuery = useTeams();
  const teams = teamsQuery.data ?? sortTeamsByName(me.teams);

  if (searchParams.get("checkout") === "success") return <Navigate to="/app/overview" replace />;

  return (
    <WorkspaceProvider me={me} teams={teams}>
      <div className="flex min-h-screen flex-col bg-surface">
        <AppTopBar onSignedOut={() => navigate("/login", { replace: true })} />
        <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-4 py-6 sm:px-6">
          <Outlet />
        </main>
      </div>
    </WorkspaceProvider>
  );
}

/** /app: the protected area with the top bar; the tabs render in the outlet. */
export function AppLayout() {
  return <RequireSession>{(me) => <AppShell me={me} />}</RequireSession>;
}
