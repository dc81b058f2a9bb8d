import { useMemo, useState } from "react";
import { Link } from "react-router";
import { permissionFlags } from "../../../shared/permissions.ts";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { Logo, LogoMark } from "../../components/ui/logo.tsx";
import { type NavTab, NavTabs } from "../../components/ui/nav-tabs.tsx";
import { useSignOut } from "../../features/auth/api/sign-out.ts";
import { UserMenu } from "../../features/profile/components/user-menu.tsx";
import { useProjectsByTeam } from "../../features/projects/api/list-projects.ts";
import { TeamPicker } from "../../features/teams/components/team-picker.tsx";
import { useInviteCheck } from "../../features/teams/hooks/use-invite-check.ts";
import { displayName } from "../../lib/session.ts";
import { STORAGE_KEYS, writeStorage } from "../../lib/storage-keys.ts";
import { useWorkspace } from "../../lib/workspace.tsx";
import { SidebarDrawer } from "./app-sidebar.tsx";

// Loaded when first opened: the screen's first paint does not wait for them.
const CreateTeamDialog = lazyDialog(() =>
  import("../../features/teams/components/create-team-dialog.tsx").then((module) => module.CreateTeamDialog),
);

const TABS: NavTab[] = [
  { to: "/app/overview", label: "Overview" },
  { to: "/app/reviews", label: "Reviews" },
  { to: "/app/team", label: "Team" },
  { to: "/app/tone", label: "Tone" },
];

export function AppTopBar({
  onSignedOut,
  onNewProject,
}: {
  onSignedOut: () => void;
  /** Opens Create Project (the layout's dialog, shared with the sidebar). */
  onNewProject: () => void;
}) {
  const workspace = useWorkspace();
  const signOut = useSignOut();
  const [creatingTeam, setCreatingTeam] = useState(false);
  const { me, selectedTeam } = workspace;
  const teamIds = useMemo(() => workspace.teams.map((team) => team.id), [workspace.teams]);
  const projectsByTeam = useProjectsByTeam(teamIds);
  const canManageProjects = permissionFlags(selectedTeam?.role ?? "none").canManageProjects;
  // Joining teams by invite after sign-in, with 'You joined {team}' (spec points 8 and 9).
  useInviteCheck(me.user.id);

  /** Picking a team opens its first project by name (spec point 4 selects that way too). */
  const selectTeam = (teamId: string) => {
    workspace.selectTeam(teamId);
    const first = projectsByTeam[teamId]?.[0];
    if (first) workspace.selectProject(first.id);
  };

  const handleSignOut = () => {
    signOut.mutate(undefined, {
      onSettled: () => {
        onSignedOut();
        writeStorage(STORAGE_KEYS.returnTo, null);
      },
    });
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      {/* One row on a phone (issue 34): the drawer holds the tabs, the mark stands for the logo and
          the picker gives up width first, so the keys start high on the screen. */}
      <div className="mx-auto flex max-w-7xl items-center gap-x-2 gap-y-2 px-4 py-2 sm:gap-x-4 sm:px-6 md:flex-wrap">
        <SidebarDrawer className="-ml-2 md:hidden" onNewProject={onNewProject} />
        <Link
          to="/app/overview"
          aria-label="Sprog overview"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Logo className="hidden sm:inline-flex" />
          <LogoMark className="sm:hidden" />
        </Link>
        <span className="hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
        <div className="flex min-w-0 flex-1 md:flex-none max-md:[&>button]:max-w-full">
          <TeamPicker
            teams={workspace.teams}
            projectsByTeam={projectsByTeam}
            selectedTeamId={selectedTeam?.id ?? null}
            selectedProjectId={workspace.selectedProjectId}
            onSelectTeam={selectTeam}
            onSelectProject={(teamId, projectId) => {
              workspace.selectTeam(teamId);
              workspace.selectProject(projectId);
            }}
            onNewTeam={() => setCreatingTeam(true)}
            onNewProject={canManageProjects ? onNewProject : undefined}
          />
        </div>
        <NavTabs tabs={TABS} label="Main" className="hidden md:flex md:flex-1" />
        <div className="ml-auto shrink-0 md:ml-0">
          <UserMenu
            name={displayName(me)}
            email={me.user.email}
            profile={me.profile}
            onSignOut={handleSignOut}
          />
        </div>
      </div>
      <CreateTeamDialog
        open={creatingTeam}
        onOpenChange={setCreatingTeam}
        onCreated={(team) => workspace.selectTeam(team.id)}
      />
    </header>
  );
}
