import type { Kysely } from "kysely";
import type { z } from "zod";
import type { TeamMember, updateMemberRoleBodySchema } from "../../shared/schemas/teams.ts";
import { recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { selectDisplayName } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { Access } from "./access.ts";
import { presentMember, sortMembers } from "./present.ts";
import { deleteMember, selectMember, selectMembers, updateMemberRole } from "./queries.ts";

/**
 * A team's members (spec points 2, 4 and 6): every member sees the list; the owner and admins
 * remove members (never the owner); only the owner switches a member between admin and reviewer.
 */
export function createMemberService(deps: {
  db: Kysely<DB>;
  access: Access;
  /**
   * Told after a member left, once the removal is committed (billing sets the paid seats). It must
   * not throw: nothing it does can undo the removal.
   */
  onMembersChanged?: (teamId: string) => Promise<void>;
  /**
   * Told after someone lost access to the team, once committed (their open event streams end at
   * once). It must not throw either.
   */
  onAccessEnded?: (change: { userId: string; teamId: string }) => Promise<void>;
}) {
  const { db, access, onMembersChanged, onAccessEnded } = deps;

  /** The membership `memberId` of `teamId`; another team's member does not exist here. */
  async function memberOf(teamId: string, memberId: string) {
    const member = await selectMember(db, teamId, memberId);
    if (!member) throw new AppError("not_found", "Member not found");
    return member;
  }

  return {
    async list(userId: string, teamId: string): Promise<TeamMember[]> {
      await access.team(userId, teamId, "team.view");
      const rows = await selectMembers(db, teamId);
      return sortMembers(rows.map(presentMember));
    },

    /** Spec point 4: the owner switches a non-owner member between admin and reviewer. */
    async updateRole(
      userId: string,
      teamId: string,
      memberId: string,
      input: z.output<typeof updateMemberRoleBodySchema>,
    ): Promise<TeamMember> {
      await access.team(userId, teamId, "team.manageRoles");
      const { role } = input;
      const member = await memberOf(teamId, memberId);
      if (member.role === "owner") {
        throw new AppError("forbidden", "The team owner's role cannot be changed");
      }
      await db.transaction().execute(async (trx) => {
        await updateMemberRole(trx, member.id, role);
        if (member.role === role) return;
        await recordActivity(trx, {
          teamId,
          projectId: null,
          userId,
          kind: "member.role_changed",
          details: {
            member: await selectDisplayName(trx, member.user_id),
            memberId: member.user_id,
            from: member.role,
            to: role,
          },
        });
      });
      const [updated] = await selectMembers(db, teamId, member.id);
      if (!updated) throw new AppError("not_found", "Member not found");
      return presentMember(updated);
    },

    /** Spec point 6: owner and admins remove admins and reviewers; the owner cannot be removed. */
    async remove(userId: string, teamId: string, memberId: string): Promise<void> {
      await access.team(userId, teamId, "members.remove");
      const member = await memberOf(teamId, memberId);
      if (member.role === "owner") throw new AppError("forbidden", "The team owner cannot be removed");
      await db.transaction().execute(async (trx) => {
        if (!(await deleteMember(trx, member.id))) return;
        // The entry is about the member who left; who removed them (unless they left) is told beside.
        await recordActivity(trx, {
          teamId,
          projectId: null,
          userId: member.user_id,
          kind: "member.left",
          details: {
            role: member.role,
            removedBy: member.user_id === userId ? null : await selectDisplayName(trx, userId),
          },
        });
      });
      await onAccessEnded?.({ userId: member.user_id, teamId });
      await onMembersChanged?.(teamId);
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
