import type { Kysely } from "kysely";
import type { z } from "zod";
import type { TeamMember, TeamMemberRole, updateMemberRoleBodySchema } from "../../shared/schemas/teams.ts";
import type { DB } from "../db/schema.ts";
import { fullName, isoDate } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { Access } from "./access.ts";

const RANK: Record<TeamMemberRole, number> = { owner: 0, admin: 1, reviewer: 2 };
const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

const asMemberRole = (stored: string): TeamMemberRole =>
  stored === "owner" || stored === "admin" ? stored : "reviewer";

/** Owner first, then admins, then reviewers; by full name (the e-mail when there is none) within each. */
export function sortMembers(members: TeamMember[]): TeamMember[] {
  return [...members].sort(
    (a, b) =>
      RANK[a.role] - RANK[b.role] ||
      byName.compare(a.name || a.email, b.name || b.email) ||
      byName.compare(a.email, b.email),
  );
}

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
    const member = await db
      .selectFrom("members")
      .select(["id", "user_id", "role"])
      .where("id", "=", memberId)
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    if (!member) throw new AppError("not_found", "Member not found");
    return member;
  }

  /** The team's members (or one of them) with their e-mail and profile name. */
  async function present(teamId: string, memberId?: string): Promise<TeamMember[]> {
    let query = db
      .selectFrom("members")
      .innerJoin("users", "users.id", "members.user_id")
      .leftJoin("profiles", "profiles.user_id", "members.user_id")
      .select([
        "members.id",
        "members.user_id",
        "members.role",
        "members.created_at",
        "users.email",
        fullName("profiles").as("name"),
      ])
      .where("members.team_id", "=", teamId);
    if (memberId !== undefined) query = query.where("members.id", "=", memberId);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      email: row.email,
      name: row.name,
      role: asMemberRole(row.role),
      joinedAt: isoDate(row.created_at),
    }));
  }

  return {
    async list(userId: string, teamId: string): Promise<TeamMember[]> {
      await access.team(userId, teamId, "team.view");
      return sortMembers(await present(teamId));
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
      await db.updateTable("members").set({ role }).where("id", "=", member.id).execute();
      const [updated] = await present(teamId, member.id);
      if (!updated) throw new AppError("not_found", "Member not found");
      return updated;
    },

    /** Spec point 6: owner and admins remove admins and reviewers; the owner cannot be removed. */
    async remove(userId: string, teamId: string, memberId: string): Promise<void> {
      await access.team(userId, teamId, "members.remove");
      const member = await memberOf(teamId, memberId);
      if (member.role === "owner") throw new AppError("forbidden", "The team owner cannot be removed");
      await db.deleteFrom("members").where("id", "=", member.id).execute();
      await onAccessEnded?.({ userId: member.user_id, teamId });
      await onMembersChanged?.(teamId);
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
