import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { canInviteAs } from "../../shared/permissions.ts";
import {
  type createInviteBodySchema,
  INVITE_ERRORS,
  type JoinedTeams,
  type TeamInvite,
} from "../../shared/schemas/teams.ts";
import { recordActivity } from "../activity/record.ts";
import type { SessionUser } from "../auth/service.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { selectDisplayName } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import { type RateLimiter, retryIn } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import { inviteEmail } from "../mail/invite-email.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Access } from "./access.ts";
import { presentInvite, presentJoinedTeams } from "./present.ts";
import {
  deleteInvite,
  deleteJoinedInvitesOf,
  deletePendingInvite,
  insertInvite,
  insertInvitedMember,
  lockPendingInvitesOf,
  markInviteJoined,
  selectMemberByEmail,
  selectMemberTeams,
  selectPendingInvites,
  selectTeamName,
  userExistsWithEmail,
} from "./queries.ts";

/**
 * How many invites may go out: each one mails an address the sender chose, with a team name the
 * sender chose in its subject, so unlimited invites are a spam relay under our name.
 */
export interface InviteLimits {
  perHourPerUser: number;
  perDayPerTeam: number;
  /** Invites of one address by one team, deleted ones included: an invite and delete loop. */
  perDayPerAddress: number;
}

/**
 * Invites (spec points 2, 3 UserInvites, 5 and 6): an invite stays pending until the address signs
 * in or someone deletes it; signing in joins the team with the invite's role, admin or reviewer as
 * the inviter chose (issue 34).
 */
export function createInviteService(deps: {
  db: Kysely<DB>;
  access: Access;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  limiter: RateLimiter;
  limits: InviteLimits;
  /**
   * Told after invites made someone a member, once committed (billing sets the paid seats). It must
   * not throw: nothing it does can undo the membership.
   */
  onMembersChanged?: (teamId: string) => Promise<void>;
}) {
  const { db, access, mailer, publicUrl, logger, limiter, limits, onMembersChanged } = deps;

  async function membersChanged(teamIds: string[]) {
    for (const teamId of teamIds) await onMembersChanged?.(teamId);
  }

  /**
   * Joins every team that invited `email`, in the caller's transaction: a membership with the
   * invite's role per invite (none when already a member), and the invite leaves the pending list.
   * Answers the teams joined.
   */
  async function acceptIn(trx: Transaction<DB>, user: SessionUser): Promise<string[]> {
    const invites = await lockPendingInvitesOf(trx, user.email);
    const joined: string[] = [];
    for (const invite of invites) {
      const role = invite.role === "admin" ? "admin" : "reviewer";
      const member = await insertInvitedMember(trx, { teamId: invite.team_id, userId: user.id, role });
      if (member) {
        joined.push(invite.team_id);
        await markInviteJoined(trx, invite.id);
        await recordActivity(trx, {
          teamId: invite.team_id,
          projectId: null,
          userId: user.id,
          kind: "member.joined",
          details: { role },
        });
      } else {
        // Already in the team (added some other way): nothing to join, nothing to announce.
        await deleteInvite(trx, invite.id);
      }
    }
    return joined;
  }

  return {
    /** Pending invites of the team, newest first; every member sees them. */
    async list(userId: string, teamId: string): Promise<TeamInvite[]> {
      await access.team(userId, teamId, "team.view");
      const rows = await selectPendingInvites(db, teamId);
      return rows.map(presentInvite);
    },

    /**
     * Invites an address (`members.add`: owner and admins) as admin or reviewer (`canInviteAs`; the
     * owner's role is never given: 403) and e-mails it a sign-in link. An address already in the
     * team or already invited is refused with the spec's text (409). When the e-mail cannot be sent
     * the invite is withdrawn, so the list never shows an invite nobody received.
     */
    async create(
      user: SessionUser,
      teamId: string,
      input: z.output<typeof createInviteBodySchema>,
    ): Promise<TeamInvite> {
      const inviterRole = await access.team(user.id, teamId, "members.add");
      const { email, role } = input;
      if (role === "owner" || !canInviteAs(inviterRole, role)) {
        throw new AppError("forbidden", INVITE_ERRORS.ownerRole);
      }

      const member = await selectMemberByEmail(db, teamId, email);
      if (member) throw new AppError("conflict", INVITE_ERRORS.alreadyMember);

      // Counted before the invite exists, so a refused one is never mailed; counted after the
      // member check, so telling someone they are already a member costs nothing.
      await limiter.hit([
        {
          key: `invite:hour:user:${user.id}`,
          windowSeconds: 60 * 60,
          max: limits.perHourPerUser,
          message: (s) => `You have sent too many invites. Please try again in ${retryIn(s)}.`,
        },
        {
          key: `invite:day:team:${teamId}`,
          windowSeconds: 24 * 60 * 60,
          max: limits.perDayPerTeam,
          message: (s) => `This team has sent too many invites today. Please try again in ${retryIn(s)}.`,
        },
        {
          key: `invite:day:address:${teamId}:${email.toLowerCase()}`,
          windowSeconds: 24 * 60 * 60,
          max: limits.perDayPerAddress,
          message: (s) =>
            `This address has been invited to this team too many times today. Please try again in ${retryIn(s)}.`,
        },
      ]);

      const row = await insertInvite(db, { teamId, email, role, inviterId: user.id }).catch(
        (error: unknown) => {
          // The partial unique index holds one pending invite per team and address, even for
          // two invites sent at the same moment.
          if (isUniqueViolation(error)) throw new AppError("conflict", INVITE_ERRORS.alreadyInvited);
          throw error;
        },
      );

      try {
        const [team, inviter, hasAccount] = await Promise.all([
          selectTeamName(db, teamId),
          selectDisplayName(db, user.id),
          userExistsWithEmail(db, email),
        ]);
        const inviterName = inviter ?? user.email;
        const signInUrl = new URL(hasAccount ? "/login" : "/signup", publicUrl).toString();
        await mailer.send(inviteEmail({ to: email, teamName: team.name, inviterName, role, signInUrl }));
      } catch (error) {
        logger.error({ err: error, teamId, to: email }, "sending an invite failed");
        await deleteInvite(db, row.id);
        throw new AppError("internal", INVITE_ERRORS.sendFailed);
      }
      return presentInvite(row);
    },

    /** Deletes a pending invite (`members.remove`: owner and admins). */
    async remove(userId: string, teamId: string, inviteId: string): Promise<void> {
      await access.team(userId, teamId, "members.remove");
      const deleted = await deletePendingInvite(db, teamId, inviteId);
      if (!deleted) throw new AppError("not_found", "Invite not found");
    },

    /**
     * Signing in (or up) with an invited address joins its teams (called right after a code is
     * verified), in one transaction. Answers the number of teams joined.
     */
    async acceptPending(user: SessionUser): Promise<number> {
      const joined = await db.transaction().execute((trx) => acceptIn(trx, user));
      await membersChanged(joined);
      return joined.length;
    },

    /**
     * The web's invite check after sign-in: joins any invite still pending (sent while the user was
     * signed in), then answers every team joined by invite that the user has not been told about,
     * once: the answered rows are deleted in the same transaction. A team left or deleted since is
     * not announced.
     */
    async claimJoined(user: SessionUser): Promise<JoinedTeams> {
      let joined: string[] = [];
      const teams = await db.transaction().execute(async (trx) => {
        joined = await acceptIn(trx, user);
        const told = await deleteJoinedInvitesOf(trx, user.email);
        if (told.length === 0) return [];
        return selectMemberTeams(
          trx,
          user.id,
          told.map((row) => row.team_id),
        );
      });
      await membersChanged(joined);
      return presentJoinedTeams(teams);
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
