import { useQueryClient } from "@tanstack/react-query";
import { YourPlan } from "../../features/plans/components/your-plan.tsx";
import { projectsQueryOptions } from "../../features/projects/api/list-projects.ts";
import { TeamScreen } from "../../features/teams/components/team-screen.tsx";
import { TeamToolbar } from "../../features/teams/components/team-toolbar.tsx";
import { firstRemainingTeam } from "../../features/teams/team-search.ts";
import { useWorkspace } from "../../lib/workspace.tsx";

/** /app/team: the selected team's members and invites, the invite and edit-team dialogs, 'Your plan'. */
export function TeamPage() {
  const { me, teams, selectedTeam, selectTeam, selectProject } = useWorkspace();
  const queryClient = useQueryClient();

  /** Spec point 4: after deleting a team, the first remaining team by name and its first project by name. */
  const selectAfterDeletion = async (deletedId: string) => {
    const next = firstRemainingTeam(teams, deletedId);
    selectTeam(next?.id ?? null);
    if (!next) return;
    try {
      const projects = await queryClient.fetchQuery(projectsQueryOptions(next.id));
      const first = projects[0];
      if (first) selectProject(first.id);
    } catch {
      // The team stays selected without a project; the picker offers them once they load.
    }
  };

  return (
    <>
      <TeamToolbar team={selectedTeam} />
      <TeamScreen
        team={selectedTeam}
        currentUserId={me.user.id}
        onTeamDeleted={(teamId) => void selectAfterDeletion(teamId)}
      />
      <YourPlan team={selectedTeam} />
    </>
  );
}
