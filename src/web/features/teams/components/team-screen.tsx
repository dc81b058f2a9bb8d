import { useQueryClient } from "@tanstack/react-query";
import { UserPlus, UsersRound } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { type PermissionFlags, permissionFlags } from "../../../../shared/permissions.ts";
import type { TeamInvite, TeamMember, TeamSummary } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDeleteInvite } from "../api/delete-invite.ts";
import { useInvites } from "../api/list-invites.ts";
import { useMembers } from "../api/list-members.ts";
import { useRemoveMember } from "../api/remove-member.ts";
import { refreshTeams } from "../api/team-cache.ts";
import { useUpdateMemberRole } from "../api/update-member-role.ts";
import { useTeamEvent } from "../team-events.ts";
import { filterInvites, filterMembers, memberLabel, showInvitePrompt } from "../team-search.ts";
import { EditTeamDialog } from "./edit-team-dialog.tsx";
import { InviteDialog } from "./invite-dialog.tsx";
import { InvitesList } from "./invites-list.tsx";
import { MembersList, ROLE_LABELS } from "./members-list.tsx";

export const CONFIRM_REMOVE_MEMBER = "Are you sure you want to remove this team member?";
export const CONFIRM_REMOVE_INVITE = "Are you sure you want to remove this invite?";

export interface TeamScreenProps {
  /** The selected team (null: none). */
  team: TeamSummary | null;
  currentUserId: string;
  /** After the team was deleted: the page selects what comes next. */
  onTeamDeleted: (teamId: string) => void;
}

/**
 * The Team screen (spec points 2, 4, 6 and 9): members and invites of the selected team, driven by
 * the window events 'update-search-query', 'open-invite-dialog' (canAddUsers) and
 * 'open-edit-team-dialog' (canEditTeamInfo).
 */
export function TeamScreen({ team, currentUserId, onTeamDeleted }: TeamScreenProps) {
  const flags = permissionFlags(team?.role ?? "none");
  const [search, setSearch] = useState("");
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState(false);

  useTeamEvent("update-search-query", (detail) => setSearch(detail?.searchQuery ?? ""));
  useTeamEvent("open-invite-dialog", () => {
    if (team && flags.canAddUsers) setInviting(true);
  });
  useTeamEvent("open-edit-team-dialog", () => {
    if (team && flags.canEditTeamInfo) setEditing(true);
  });

  if (!team) return <EmptyState icon={UsersRound} title="Please select a team to view team members." />;

  return (
    <>
      <TeamLists
        key={team.id}
        team={team}
        flags={flags}
        search={search}
        currentUserId={currentUserId}
        onInvite={() => setInviting(true)}
      />
      <InviteDialog team={team} open={inviting} onOpenChange={setInviting} />
      {flags.canEditTeamInfo ? (
        <EditTeamDialog
          team={team}
          canDelete={flags.canManageTeam}
          open={editing}
          onOpenChange={setEditing}
          onDeleted={onTeamDeleted}
        />
      ) : null}
    </>
  );
}

function TeamLists({
  team,
  flags,
  search,
  currentUserId,
  onInvite,
}: {
  team: TeamSummary;
  flags: PermissionFlags;
  search: string;
  currentUserId: string;
  onInvite: () => void;
}) {
  const queryClient = useQueryClient();
  const members = useMembers(team.id);
  const invites = useInvites(team.id);
  const updateRole = useUpdateMemberRole(team.id);
  const removeMember = useRemoveMember(team.id);
  const deleteInvite = useDeleteInvite(team.id);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [withdrawing, setWithdrawing] = useState<TeamInvite | null>(null);

  const visibleMembers = useMemo(() => filterMembers(members.data ?? [], search), [members.data, search]);
  const visibleInvites = useMemo(() => filterInvites(invites.data ?? [], search), [invites.data, search]);

  const changeRole = (member: TeamMember, role: "admin" | "reviewer") => {
    updateRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: () => toast.success(`${memberLabel(member)} is now ${ROLE_LABELS[role]}`),
        onError: () => toast.error("Failed to update team"),
      },
    );
  };

  const confirmRemoveMember = () => {
    if (!removing) return;
    const member = removing;
    removeMember.mutate(member.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success("Team member removed");
        // Someone who removed themselves is no longer in the team.
        if (member.userId === currentUserId) void refreshTeams(queryClient);
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(errorMessage(error, "Failed to remove team member"));
      },
    });
  };

  const confirmDeleteInvite = () => {
    if (!withdrawing) return;
    deleteInvite.mutate(withdrawing.id, {
      onSuccess: () => {
        setWithdrawing(null);
        toast.success("Invite removed");
      },
      onError: (error) => {
        setWithdrawing(null);
        toast.error(errorMessage(error, "Failed to remove invite"));
      },
    });
  };

  if (members.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        Error: {errorMessage(members.error, "Failed to load team members")}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="members-heading" className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="members-heading" className="text-sm font-semibold">
            Members
          </h2>
          {/* Every member is a paid seat (spec point 1), whatever the search shows. */}
          {members.isSuccess ? (
            <p className="text-xs text-muted">{`Seats used: ${members.data.length}`}</p>
          ) : null}
        </div>
        {members.isPending ? (
          <Spinner />
        ) : (
          <MembersList
            members={visibleMembers}
            canManageRoles={flags.canManageRoles}
            canRemoveUsers={flags.canRemoveUsers}
            savingRoleOf={updateRole.isPending ? (updateRole.variables?.memberId ?? null) : null}
            onChangeRole={changeRole}
            onRemove={setRemoving}
          />
        )}
      </section>
      <section aria-labelledby="invites-heading" className="flex flex-col gap-2">
        <h2 id="invites-heading" className="text-sm font-semibold">
          Invites
        </h2>
        {invites.isPending ? (
          <Spinner />
        ) : invites.isError ? (
          <p role="alert" className="text-sm text-danger">
            Error: {errorMessage(invites.error, "Failed to load invites")}
          </p>
        ) : (
          <InvitesList
            invites={visibleInvites}
            canRemoveUsers={flags.canRemoveUsers}
            onRemove={setWithdrawing}
          />
        )}
      </section>
      {members.isSuccess &&
      invites.isSuccess &&
      showInvitePrompt(members.data.length, invites.data.length) ? (
        <EmptyState
          icon={UserPlus}
          title="Invite team members"
          description="Collaborate with your team by inviting them to join this workspace"
          action={flags.canAddUsers ? <Button onClick={onInvite}>Invite members</Button> : null}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove team member"
        description={CONFIRM_REMOVE_MEMBER}
        confirmLabel="Delete"
        destructive
        loading={removeMember.isPending}
        onConfirm={confirmRemoveMember}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => {
          if (!open) setWithdrawing(null);
        }}
        title="Remove invite"
        description={CONFIRM_REMOVE_INVITE}
        confirmLabel="Delete"
        destructive
        loading={deleteInvite.isPending}
        onConfirm={confirmDeleteInvite}
      />
    </div>
  );
}
