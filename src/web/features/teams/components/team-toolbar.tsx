import { Pencil, UserPlus } from "lucide-react";
import { useState } from "react";
import { permissionFlags } from "../../../../shared/permissions.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Toolbar } from "../../../components/ui/toolbar.tsx";
import { dispatchTeamEvent, useTeamEvent } from "../team-events.ts";

/**
 * The Team tab's toolbar (spec point 2): 'Search members...', Edit (the team owner) and Invite
 * (canAddUsers). It only dispatches the window events; the Team screen acts on them.
 */
export function TeamToolbar({ team }: { team: TeamSummary | null }) {
  const [search, setSearch] = useState("");
  const flags = permissionFlags(team?.role ?? "none");
  // The box shows whatever query the event carries, typed here or sent from elsewhere, so it always
  // matches the filter the Team screen applies.
  useTeamEvent("update-search-query", (detail) => setSearch(detail?.searchQuery ?? ""));
  return (
    <Toolbar title="Team">
      <SearchInput
        label="Search members"
        placeholder="Search members..."
        value={search}
        onChange={(event) => dispatchTeamEvent("update-search-query", { searchQuery: event.target.value })}
        disabled={!team}
      />
      {team && flags.canEditTeamInfo ? (
        <Button variant="outline" onClick={() => dispatchTeamEvent("open-edit-team-dialog")}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {team && flags.canAddUsers ? (
        <Button onClick={() => dispatchTeamEvent("open-invite-dialog")}>
          <UserPlus aria-hidden="true" />
          Invite
        </Button>
      ) : null}
    </Toolbar>
  );
}
