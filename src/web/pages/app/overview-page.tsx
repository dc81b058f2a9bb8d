import { Download, FolderPlus, Plus, Upload, UsersRound } from "lucide-react";
import { useState } from "react";
import { permissionFlags } from "../../../shared/permissions.ts";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { useWorkspace } from "../../lib/workspace.tsx";

const SOON = "Coming soon";

/** /app/overview: the Translation Keys tab. Projects and keys arrive in a later issue. */
export function OverviewPage() {
  const { selectedTeam } = useWorkspace();
  const [search, setSearch] = useState("");
  const flags = permissionFlags(selectedTeam?.role ?? "none");

  return (
    <>
      <Toolbar title="Translation Keys">
        <SearchInput
          label="Search keys"
          placeholder="Search keys..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          disabled={!selectedTeam}
        />
        {flags.canManageKeys ? (
          <>
            <Button variant="outline" disabled title={SOON}>
              <Upload aria-hidden="true" />
              Import
            </Button>
            <Button variant="outline" disabled title={SOON}>
              <Download aria-hidden="true" />
              Export
            </Button>
            <Button disabled title={SOON}>
              <Plus aria-hidden="true" />
              New
            </Button>
          </>
        ) : null}
      </Toolbar>
      {selectedTeam === null ? (
        <EmptyState
          icon={UsersRound}
          title="No team selected"
          description="Select a team in the picker at the top, or create a new team there."
        />
      ) : (
        <EmptyState
          icon={FolderPlus}
          title="No projects in the team"
          description={
            <>
              <span className="font-medium text-foreground">{selectedTeam.name}</span> has no projects yet. A
              project holds your translation keys and their languages.
            </>
          }
          action={
            flags.canManageProjects ? (
              <div className="flex flex-col items-center gap-2">
                <Button disabled aria-describedby="projects-soon">
                  <Plus aria-hidden="true" />
                  Create Project
                </Button>
                <p id="projects-soon" className="text-xs text-muted">
                  Projects are coming soon.
                </p>
              </div>
            ) : null
          }
        />
      )}
    </>
  );
}
