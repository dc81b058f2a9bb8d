import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useWorkspace } from "../../lib/workspace.tsx";

/**
 * A link that names a project (a mention e-mail: `?team=…&project=…&lang=de&q=checkout.title`)
 * opens that project, switching team when the viewer is a member of the named one; the two
 * parameters then leave the address, so a reload or a later project switch is not overruled. The
 * search (`q`) is read by the page, the language (`lang`) by the editor.
 */
export function useProjectFromAddress(): void {
  const [params, setParams] = useSearchParams();
  const { teams, selectedTeam, selectTeam, selectProject } = useWorkspace();
  const wantedProject = params.get("project");
  const wantedTeam = params.get("team");

  useEffect(() => {
    if (!wantedProject) return;
    if (wantedTeam && wantedTeam !== selectedTeam?.id && teams.some((team) => team.id === wantedTeam)) {
      selectTeam(wantedTeam);
    }
    selectProject(wantedProject);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("project");
        next.delete("team");
        return next;
      },
      { replace: true },
    );
  }, [wantedProject, wantedTeam, selectedTeam?.id, teams, selectTeam, selectProject, setParams]);
}
