import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { Me } from "../../shared/schemas/auth.ts";
import type { TeamSummary } from "../../shared/schemas/teams.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage-keys.ts";

export interface Workspace {
  me: Me;
  /** The user's teams, sorted by name. */
  teams: TeamSummary[];
  /** The selected team: the remembered one if the user still belongs to it, else the first by name. */
  selectedTeam: TeamSummary | null;
  selectTeam: (teamId: string | null) => void;
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

  const value = useMemo<Workspace>(() => {
    const selectedTeam = teams.find((team) => team.id === storedTeamId) ?? teams[0] ?? null;
    return {
      me,
      teams,
      selectedTeam,
      selectTeam,
      // A project belongs to the remembered team, or to the default (first) team when none was picked yet.
      selectedProjectId:
        selectedTeam && (storedTeamId === null || selectedTeam.id === storedTeamId) ? storedProjectId : null,
      selectProject,
    };
  }, [me, teams, storedTeamId, storedProjectId, selectTeam, selectProject]);

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): Workspace {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error("useWorkspace must be used inside WorkspaceProvider");
  return value;
}
