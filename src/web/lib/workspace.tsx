import { skipToken, useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { Me } from "../../shared/schemas/auth.ts";
import type { Project } from "../../shared/schemas/projects.ts";
import type { TeamSummary } from "../../shared/schemas/teams.ts";
import { queryKeys } from "./query-keys.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage-keys.ts";

export interface Workspace {
  me: Me;
  /** The user's teams, sorted by name. */
  teams: TeamSummary[];
  /** The selected team: the remembered one if the user still belongs to it, else the first by name. */
  selectedTeam: TeamSummary | null;
  selectTeam: (teamId: string | null) => void;
  /**
   * The remembered project if it is in the selected team, else the team's first project by name
   * (once its projects are known), else none.
   */
  selectedProjectId: string | null;
  selectProject: (projectId: string | null) => void;
}

const WorkspaceContext = createContext<Workspace | null>(null);

/** Holds the selected team and project of the signed-in user, remembered per user in localStorage. */
export function WorkspaceProvider({
  me,
  teams,
  children,
}: {
  me: Me;
  teams: TeamSummary[];
  children: ReactNode;
}) {
  const userId = me.user.id;
  const [storedTeamId, setStoredTeamId] = useState(() => readStorage(STORAGE_KEYS.selectedTeam(userId)));
  const [storedProjectId, setStoredProjectId] = useState(() =>
    readStorage(STORAGE_KEYS.selectedProject(userId)),
  );

  const selectTeam = useCallback(
    (teamId: string | null) => {
      setStoredTeamId(teamId);
      writeStorage(STORAGE_KEYS.selectedTeam(userId), teamId);
      setStoredProjectId(null);
      writeStorage(STORAGE_KEYS.selectedProject(userId), null);
    },
    [userId],
  );

  const selectProject = useCallback(
    (projectId: string | null) => {
      setStoredProjectId(projectId);
      writeStorage(STORAGE_KEYS.selectedProject(userId), projectId);
    },
    [userId],
  );

  const selectedTeam = teams.find((team) => team.id === storedTeamId) ?? teams[0] ?? null;
  // The projects as the picker loaded them (sorted by name): read from the cache, not fetched here,
  // since lib imports no feature and the top bar's picker loads every team's projects anyway.
  const teamProjects = useQuery<Project[]>({
    queryKey: queryKeys.teamProjects(selectedTeam?.id ?? ""),
    queryFn: skipToken,
  }).data;
  const selectedProjectId = chooseProject(selectedTeam, storedTeamId, storedProjectId, teamProjects);

  // Whenever the team changes (picked, deleted, first sign-in, joined by invite) the choice above
  // falls to its first project; remember it, so a reload opens the same one.
  useEffect(() => {
    if (!selectedTeam || selectedProjectId === null) return;
    if (storedTeamId === selectedTeam.id && storedProjectId === selectedProjectId) return;
    setStoredTeamId(selectedTeam.id);
    writeStorage(STORAGE_KEYS.selectedTeam(userId), selectedTeam.id);
    setStoredProjectId(selectedProjectId);
    writeStorage(STORAGE_KEYS.selectedProject(userId), selectedProjectId);
  }, [userId, selectedTeam, selectedProjectId, storedTeamId, storedProjectId]);

  const value = useMemo<Workspace>(
    () => ({ me, teams, selectedTeam, selectTeam, selectedProjectId, selectProject }),
    [me, teams, selectedTeam, selectTeam, selectedProjectId, selectProject],
  );

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/**
 * Issue 19: a team shown without a project it has said 'No project selected' after a team was
 * deleted, on first sign-in and after joining by invite. So the remembered project counts only when
 * it is in the selected team; otherwise the team's first project (as the picker sorts them) is.
 */
function chooseProject(
  team: TeamSummary | null,
  storedTeamId: string | null,
  storedProjectId: string | null,
  projects: Project[] | undefined,
): string | null {
  if (!team) return null;
  // A remembered project belongs to the remembered team, or to the default (first) team when none was picked yet.
  const remembered = storedTeamId === null || team.id === storedTeamId ? storedProjectId : null;
  // Until the team's projects are known the remembered one stands, so nothing flickers on load.
  if (!projects) return remembered;
  if (remembered !== null && projects.some((project) => project.id === remembered)) return remembered;
  return projects[0]?.id ?? null;
}

export function useWorkspace(): Workspace {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error("useWorkspace must be used inside WorkspaceProvider");
  return value;
}
