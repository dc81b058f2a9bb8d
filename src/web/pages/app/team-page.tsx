import { Pencil, UserPlus, UsersRound } from "lucide-react";
import { useState } from "react";
import { type MemberRole, permissionFlags } from "../../../shared/permissions.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { displayName } from "../../lib/session.ts";
import { useWorkspace } from "../../lib/workspace.tsx";

const ROLE_LABELS: Record<MemberRole | "none", string> = {
  owner: "Owner",
  admin: "Admin",
  reviewer: "Reviewer",
  none: "Reviewer",
};

interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: MemberRole | "none";
}

/** /app/team: members and invites. Until the members API arrives, the list holds the signed-in user. */
export function TeamPage() {
  const { me, selectedTeam } = useWorkspace();
  const [search, setSearch] = useState("");
  const flags = permissionFlags(selectedTeam?.role ?? "none");

  const members: MemberRow[] = selectedTeam
    ? [{ id: me.user.id, name: displayName(me), email: me.user.email, role: selectedTeam.role }]
    : [];
  const query = search.trim().toLowerCase();
  const visible = members.filter(
    (member) =>
      query === "" || member.name.toLowerCase().includes(query) || member.email.toLowerCase().includes(query),
  );

  return (
    <>
      <Toolbar title="Team">
        <SearchInput
          label="Search members"
          placeholder="Search members..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          disabled={!selectedTeam}
        />
        {selectedTeam && selectedTeam.role === "owner" ? (
          <Button variant="outline" disabled title="Coming soon">
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        {selectedTeam && flags.canAddUsers ? (
          <Button disabled title="Coming soon">
            <UserPlus aria-hidden="true" />
            Invite
          </Button>
        ) : null}
      </Toolbar>
      {selectedTeam === null ? (
        <EmptyState icon={UsersRound} title="Please select a team to view team members." />
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="members-heading" className="flex flex-col gap-2">
            <h2 id="members-heading" className="text-sm font-semibold">
              Members
            </h2>
            <Card className="divide-y divide-border overflow-hidden shadow-xs">
              {visible.length === 0 ? (
                <p className="px-4 py-6 text-center text-sm text-muted">No team members found.</p>
              ) : (
                visible.map((member) => (
                  <div key={member.id} className="flex items-center gap-3 px-4 py-3">
                    <Avatar name={member.name} />
                    <div className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-medium">{member.name}</span>
                      <span className="truncate text-xs text-muted">{member.email}</span>
                    </div>
                    <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-muted">
                      {ROLE_LABELS[member.role]}
                    </span>
                  </div>
                ))
              )}
            </Card>
          </section>
          <section aria-labelledby="invites-heading" className="flex flex-col gap-2">
            <h2 id="invites-heading" className="text-sm font-semibold">
              Invites
            </h2>
            <Card className="px-4 py-6 text-center text-sm text-muted shadow-xs">No pending invites.</Card>
          </section>
          {members.length < 3 ? (
            <EmptyState
              icon={UserPlus}
              title="Invite team members"
              description="Collaborate with your team by inviting them to join this workspace"
              action={
                flags.canAddUsers ? (
                  <Button disabled title="Coming soon">
                    Invite members
                  </Button>
                ) : null
              }
            />
          ) : null}
        </div>
      )}
    </>
  );
}
