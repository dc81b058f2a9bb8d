import { useMemo } from "react";
import { can, type Role } from "../../../shared/permissions.ts";
import { ACTIVITY_KIND_IDS, ACTIVITY_KINDS } from "../../../shared/schemas/activity.ts";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { ActivityFeed, FeedSkeleton } from "../../features/activity/components/activity-feed.tsx";
import {
  ActivityFilterBar,
  type ActivityPerson,
} from "../../features/activity/components/activity-filter-bar.tsx";
import { ProjectDashboard } from "../../features/activity/components/dashboard/project-dashboard.tsx";
import { useActivityFilters } from "../../features/activity/hooks/use-activity-filters.ts";
import { useActivityRealtime } from "../../features/activity/hooks/use-activity-realtime.ts";
import { useDashboardRefresh } from "../../features/activity/hooks/use-dashboard-refresh.ts";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { useMembers } from "../../features/teams/api/list-members.ts";
import type { ActivityFilters } from "../../lib/query-keys.ts";
import { useWorkspace } from "../../lib/workspace.tsx";
import { useProjectFromAddress } from "./use-address-project.ts";

const STRING_WORK = ACTIVITY_KIND_IDS.filter((kind) => ACTIVITY_KINDS[kind].stringWork);

function ActivityOfTeam({
  teamId,
  role,
  projectId,
}: {
  teamId: string;
  role: Role;
  projectId: string | null;
}) {
  // Owners and admins see everything, the whole team's feed too; reviewers the projects' string work.
  const viewAll = can(role, "activity.viewAll");
  const { filters, wholeTeam, setFilter, setWholeTeam, clear } = useActivityFilters();
  const projects = useProjects(teamId);
  const members = useMembers(teamId).data;
  const project = projects.data?.find((candidate) => candidate.id === projectId) ?? null;
  const teamFeed = viewAll && (wholeTeam || projectId === null);
  // Live over the selected project's stream (the team's feed gets that project's entries live); the
  // same stream refetches the project's dashboard, throttled.
  const refreshDashboard = useDashboardRefresh(projectId);
  useActivityRealtime(teamId, projectId, viewAll, refreshDashboard);

  const people: ActivityPerson[] = useMemo(
    () => (members ?? []).map((member) => ({ userId: member.userId, name: member.name || member.email })),
    [members],
  );
  const query: ActivityFilters = useMemo(
    () => (teamFeed || projectId === null ? filters : { projectId, ...filters }),
    [teamFeed, projectId, filters],
  );

  return (
    <>
      {projectId !== null ? <ProjectDashboard key={projectId} projectId={projectId} /> : null}
      <ActivityFilterBar
        filters={filters}
        people={people}
        kinds={viewAll ? ACTIVITY_KIND_IDS : STRING_WORK}
        scope={
          viewAll
            ? { projectName: project?.name ?? null, wholeTeam: teamFeed, onChange: setWholeTeam }
            : undefined
        }
        onChange={setFilter}
        onClear={clear}
      />
      {projects.isPending ? (
        <FeedSkeleton />
      ) : !teamFeed && projectId === null ? (
        <p className="text-sm text-muted">Select a project to see its activity.</p>
      ) : (
        <ActivityFeed
          teamId={teamId}
          filters={query}
          showProject={teamFeed}
          filtered={Object.keys(filters).length > 0}
          onClearFilters={clear}
        />
      )}
    </>
  );
}

/**
 * /app/activity: who did what and when in the selected project, newest first, live (issue 22).
 * Owners and admins may switch to the whole team's feed.
 */
export function ActivityPage() {
  // A shared link may name the team and project it was made in.
  useProjectFromAddress();
  const { selectedTeam, selectedProjectId } = useWorkspace();
  return (
    <>
      <Toolbar title="Activity" />
      {selectedTeam ? (
        <ActivityOfTeam
          key={selectedTeam.id}
          teamId={selectedTeam.id}
          role={selectedTeam.role}
          projectId={selectedProjectId}
        />
      ) : (
        <p className="text-sm text-muted">Select a team to see its activity.</p>
      )}
    </>
  );
}
