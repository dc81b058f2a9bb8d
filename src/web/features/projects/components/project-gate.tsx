import { CircleAlert, FolderOpen, FolderPlus, Plus, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Project } from "../../../../shared/schemas/projects.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useProjects } from "../api/list-projects.ts";

interface ProjectGateProps {
  team: TeamSummary | null;
  projectId: string | null;
  onSelectProject: (projectId: string) => void;
  /** What the tab shows once a project is chosen, e.g. "its translation keys". */
  purpose: string;
  /** Offered when the team has no project yet; absent where the tab cannot create one. */
  onCreateProject?: (() => void) | undefined;
  children: (project: Project) => ReactNode;
}

/**
 * Every project-scoped tab (Overview, Reviews) says the same thing until a project is chosen:
 * no team, projects loading or failed, none in the team yet, none selected.
 */
export function ProjectGate({
  team,
  projectId,
  onSelectProject,
  purpose,
  onCreateProject,
  children,
}: ProjectGateProps) {
  const projectsQuery = useProjects(team?.id ?? null);
  const projects = projectsQuery.data;
  const project = projects?.find((p) => p.id === projectId) ?? null;

  if (team === null) {
    return (
      <EmptyState
        icon={UsersRound}
        title="No team selected"
        description="Select a team in the picker at the top, or create a new team."
        action={<CreateTeamButton />}
      />
    );
  }
  // Only when there is nothing to show: a failed reload (a server restarting) keeps the projects
  // it had, and the next reload brings it up to date.
  if (projectsQuery.isError && !projects) {
    return (
      <EmptyState
        icon={CircleAlert}
        title="Failed to load projects"
        action={
          <Button variant="outline" onClick={() => void projectsQuery.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!projects) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading projects" className="size-6 text-brand-600" />
      </div>
    );
  }
  if (projects.length === 0) {
    return (
      <EmptyState
        icon={FolderPlus}
        title="No projects in the team"
        description={
          <>
            <span className="font-medium text-foreground">{team.name}</span> has no projects yet. A project
            holds your translation keys and their languages.
          </>
        }
        action={
          onCreateProject ? (
            <Button onClick={onCreateProject}>
              <Plus aria-hidden="true" />
              Create Project
            </Button>
          ) : null
        }
      />
    );
  }
  if (!project) {
    return (
      <EmptyState
        icon={FolderOpen}
        title="No project selected"
        description={`Choose a project to see ${purpose}.`}
        action={projects.slice(0, 8).map((p) => (
          <Button key={p.id} variant="outline" onClick={() => onSelectProject(p.id)}>
            {p.name}
          </Button>
        ))}
      />
    );
  }
  return children(project);
}

/**
 * Without a team nothing else on the tab can be done, so the way to make one is offered right here
 * (issue 19): the same team creation a new account goes through, then back to the app.
 */
function CreateTeamButton() {
  const navigate = useNavigate();
  return (
    <Button onClick={() => navigate("/create-team")}>
      <Plus aria-hidden="true" />
      Create Team
    </Button>
  );
}
