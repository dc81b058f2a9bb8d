import { Check, ChevronsUpDown, FolderOpen, FolderPlus, Plus, UsersRound } from "lucide-react";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { cn } from "../../../lib/cn.ts";

export interface PickerProject {
  id: string;
  name: string;
}

export interface TeamPickerProps {
  /** Sorted by name. */
  teams: TeamSummary[];
  /** Projects of each team by team id, sorted by name (absent while loading). */
  projectsByTeam: Record<string, PickerProject[]>;
  selectedTeamId: string | null;
  selectedProjectId: string | null;
  onSelectTeam: (teamId: string) => void;
  onSelectProject: (teamId: string, projectId: string) => void;
  onNewTeam: () => void;
  /** Shown as 'New Project' (for the selected team) when given. */
  onNewProject?: (() => void) | undefined;
}

/** The team/project picker of the top bar: teams by name, their projects beneath, then 'New Team'. */
export function TeamPicker({
  teams,
  projectsByTeam,
  selectedTeamId,
  selectedProjectId,
  onSelectTeam,
  onSelectProject,
  onNewTeam,
  onNewProject,
}: TeamPickerProps) {
  const selectedTeam = teams.find((team) => team.id === selectedTeamId) ?? null;
  const selectedProject =
    selectedTeam && selectedProjectId
      ? (projectsByTeam[selectedTeam.id]?.find((project) => project.id === selectedProjectId) ?? null)
      : null;
  // The bar has room for part of long names: the whole of them is the button's tooltip.
  const shownName = [selectedTeam?.name, selectedProject?.name].filter(Boolean).join(" / ");

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name starts with what the button does and contains what it shows (WCAG 2.5.3 label in name). */}
        <Button
          variant="ghost"
          className="max-w-64 justify-between gap-2 px-2 xl:max-w-96"
          title={shownName || undefined}
        >
          <UsersRound className="text-muted" aria-hidden="true" />
          <span className="sr-only">Select team or project: </span>
          <span className="truncate">{selectedTeam ? selectedTeam.name : "Select team"}</span>
          {selectedProject ? (
            <>
              <span className="text-subtle">/</span>
              <span className="truncate text-muted">{selectedProject.name}</span>
            </>
          ) : null}
          <ChevronsUpDown className="text-subtle" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      {/* As wide as the longest name allows (issue 34: names were cut at 256 px), longer ones wrap. */}
      <DropdownMenuContent className="w-max max-w-[min(28rem,calc(100vw-2rem))] min-w-64">
        <DropdownMenuLabel>Teams</DropdownMenuLabel>
        {teams.length === 0 ? <DropdownMenuItem disabled>You are not in a team yet</DropdownMenuItem> : null}
        {teams.map((team) => {
          const projects = projectsByTeam[team.id] ?? [];
          const teamSelected = team.id === selectedTeamId;
          return (
            <DropdownMenuGroup key={team.id} aria-label={team.name}>
              <DropdownMenuItem
                onSelect={() => onSelectTeam(team.id)}
                className={cn(teamSelected && "font-medium")}
              >
                <UsersRound aria-hidden="true" />
                <span className="min-w-0 flex-1 break-words">{team.name}</span>
                {teamSelected && !selectedProjectId ? (
                  <Check className="!text-brand-600" aria-label="Selected" />
                ) : null}
              </DropdownMenuItem>
              {projects.map((project) => (
                <DropdownMenuItem
                  key={project.id}
                  className="pl-8"
                  onSelect={() => onSelectProject(team.id, project.id)}
                >
                  <FolderOpen aria-hidden="true" />
                  <span className="min-w-0 flex-1 break-words">{project.name}</span>
                  {teamSelected && project.id === selectedProjectId ? (
                    <Check className="!text-brand-600" aria-label="Selected" />
                  ) : null}
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          );
        })}
        <DropdownMenuSeparator />
        {onNewProject && selectedTeam ? (
          <DropdownMenuItem onSelect={onNewProject}>
            <FolderPlus aria-hidden="true" />
            <span className="min-w-0 break-words">New Project in {selectedTeam.name}</span>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={onNewTeam}>
          <Plus aria-hidden="true" />
          New Team
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
