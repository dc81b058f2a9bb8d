import { Trash2 } from "lucide-react";
import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  type TeamMember,
  type TeamMemberRole,
} from "../../../../shared/schemas/teams.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { memberLabel } from "../team-search.ts";

export const ROLE_LABELS: Record<TeamMemberRole, string> = {
  owner: "Owner",
  admin: "Admin",
  reviewer: "Reviewer",
};

export interface MembersListProps {
  /** Already filtered by the search. */
  members: TeamMember[];
  /** canManageRoles: the Admin/Reviewer dropdown for members other than the owner. */
  canManageRoles: boolean;
  /** canRemoveUsers: a delete button for members other than the owner. */
  canRemoveUsers: boolean;
  /** The member whose role is being saved (its dropdown waits). */
  savingRoleOf: string | null;
  onChangeRole: (member: TeamMember, role: AssignableRole) => void;
  onRemove: (member: TeamMember) => void;
}

function RoleLabel({ role }: { role: TeamMemberRole }) {
  return (
    <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-muted">
      {ROLE_LABELS[role]}
    </span>
  );
}

/** 'Members': name, e-mail, role, delete (spec points 2 and 6). */
export function MembersList({
  members,
  canManageRoles,
  canRemoveUsers,
  savingRoleOf,
  onChangeRole,
  onRemove,
}: MembersListProps) {
  if (members.length === 0) {
    return <Card className="px-4 py-6 text-center text-sm text-muted shadow-xs">No team members found.</Card>;
  }
  return (
    <Card className="overflow-hidden shadow-xs">
      <ul aria-label="Members" className="divide-y divide-border">
        {members.map((member) => {
          const label = memberLabel(member);
          const isOwner = member.role === "owner";
          return (
            <li key={member.id} aria-label={label} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Avatar name={label} />
              {/* A name never cut off: on a phone the role and remove controls wrap below it (issue 19). */}
              <div className="flex min-w-40 flex-1 flex-col">
                <span className="font-medium break-words">{label}</span>
                <span className="text-xs break-all text-muted">{member.email}</span>
              </div>
              {canManageRoles && !isOwner ? (
                <NativeSelect
                  aria-label={`Role of ${label}`}
                  className="w-32"
                  value={member.role}
                  disabled={savingRoleOf === member.id}
                  onChange={(event) => onChangeRole(member, event.target.value as AssignableRole)}
                >
                  {ASSIGNABLE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <RoleLabel role={member.role} />
              )}
              {canRemoveUsers && !isOwner ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${label}`}
                  title="Remove from team"
                  onClick={() => onRemove(member)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : canRemoveUsers ? (
                // Keeps the columns aligned where the owner has no delete button.
                <span className="hidden size-9 sm:block" aria-hidden="true" />
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
