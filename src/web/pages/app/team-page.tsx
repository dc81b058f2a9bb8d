import { useQueryClient } from "@tanstack/react-query";
import { YourPlan } from "../../features/plans/components/your-plan.tsx";
import { projectsQueryOptions } from "../../features/projects/api/list-projects.ts";
import { SingleSignOn } from "../../features/sso/components/single-sign-on.tsx";
import { TeamScreen } from "../../features/teams/components/team-screen.tsx";
import { TeamToolbar } from "../../features/teams/components/team-toolbar.tsx";
import { firstRemainingTeam } from "../../features/teams/team-search.ts";
import { TeamUsage } from "../../features/usage/components/team-usage.tsx";
import { useWorkspace } from "../../lib/workspace.tsx";

/**
 * /app/team: the selected team's members and invites, the invite and edit-team dialogs, 'Usage',
 * 'Your plan', and for the owner 'Single sign-on'.
 */
export function TeamPage() {
  const { me, teams, selectedTeam, selectTeam } = useWorkspace();
  const queryClient = useQueryClient();

  /**
   * Spec point 4: after deleting a team, the first remaining team by name and its first project by
   * name. The workspace picks the project once the team's projects are loaded; loading them now
   * saves waiting for the picker to.
   */
  const selectAfterDeletion = (deletedId: string) => {
    const next = firstRemainingTeam(teams, deletedId);
    selectTeam(next?.id ?? null);
    if (next) void queryClient.prefetchQuery(projectsQueryOptions(next.id));
  };

  return (
    <>
      <TeamToolbar team={selectedTeam} />
      <TeamScreen team={selectedTeam} currentUserId={me.user.id} onTeamDeleted={selectAfterDeletion} />
      <TeamUsage team={selectedTeam} />
      <YourPlan team={selectedTeam} />
      <SingleSignOn team={selectedTeam} />
    </>
  );
}
