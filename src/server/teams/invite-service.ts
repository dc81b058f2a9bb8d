import { type Kysely, sql, type Transaction } from "kysely";
import type { z } from "zod";
import {
  type createInviteBodySchema,
  INVITE_ERRORS,
  type JoinedTeams,
  type TeamInvite,
} from "../../shared/schemas/teams.ts";
import type { SessionUser } from "../auth/service.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { displayName, isoDate } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import { type RateLimiter, retryIn } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import { inviteEmail } from "../mail/invite-email.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Access } from "./access.ts";

/**
 * Invites (spec points 2, 3 UserInvites, 5 and 6) have no expiry in the spec: an invite stays
 * pending until the address signs in or someone deletes it. better-auth's table wants an expiry, so
 * it carries a distant one that nothing reads.
 */
const NO_EXPIRY_MS = 100 * 365 * 24 * 60 * 60 * 1000;

/**
 * The states an invite row passes through: `pending` (listed on the Team screen), then `accepted`
 * once the address has joined the team but has not been told yet ('You joined {team}'); the row
 * goes when it has been told, or when someone deletes the pending invite.
 */
const PENDING = "pending";
const JOINED = "accepted";

const byEmail = (email: string) => sql<string>`lower(${email})`;

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

  function present(row: { id: string; team_id: string; email: string; created_at: Date | string }) {
    return {
      id: row.id,
      teamId: row.team_id,
      email: row.email,
      createdAt: isoDate(row.created_at),
    } satisfies TeamInvite;
  }

  /**
   * Joins every team that invited `email`, in the caller's transaction: a membership as reviewer
   * per invite (none when already a member), and the invite leaves the pending list. Answers the
   * teams joined.
   */
  async function acceptIn(trx: Transaction<DB>, user: SessionUser): Promise<string[]> {
    const invites = await trx
      .selectFrom("invites")
      .select(["id", "team_id"])
      .where(sql<string>`lower(email)`, "=", byEmail(user.email))
      .where("status", "=", PENDING)
      .forUpdate()
      .execute();
    const joined: string[] = [];
    for (const invite of invites) {
      const member = await trx
        .insertInto("members")
        .values({
          id: crypto.randomUUID(),
          team_id: invite.team_id,
          user_id: user.id,
          role: "reviewer",
          created_at: new Date(),
        })
        .onConflict((oc) => oc.columns(["team_id", "user_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (member) {
        joined.push(invite.team_id);
        await trx.updateTable("invites").set({ status: JOINED }).where("id", "=", invite.id).execute();
      } else {
        // Already in the team (added some other way): nothing to join, nothing to announce.
        await trx.deleteFrom("invites").where("id", "=", invite.id).execute();
      }
    }
    return joined;
  }

  return {
    /** Pending invites of the team, newest first; every member sees them. */
    async list(userId: string, teamId: string): Promise<TeamInvite[]> {
      await access.team(userId, teamId, "team.view");
      const rows = await db
        .selectFrom("invites")
        .select(["id", "team_id", "email", "created_at"])
        .where("team_id", "=", teamId)
        .where("status", "=", PENDING)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .execute();
      return rows.map(present);
    },

    /**
     * Invites an address (`members.add`: owner and admins) and e-mails it a sign-in link. An address
     * already in the team or already invited is refused with the spec's text (409). When the e-mail
     * cannot be sent the invite is withdrawn, so the list never shows an invite nobody received.
     */
    async create(
      user: SessionUser,
      teamId: string,
      input: z.output<typeof createInviteBodySchema>,
    ): Promise<TeamInvite> {
      await access.team(user.id, teamId, "members.add");
      const { email } = input;

      const member = await db
        .selectFrom("members")
        .innerJoin("users", "users.id", "members.user_id")
        .select("members.id")
        .where("members.team_id", "=", teamId)
        .where(sql<string>`lower(users.email)`, "=", byEmail(email))
        .executeTakeFirst();
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

      const now = new Date();
      const row = await db
        .insertInto("invites")
        .values({
          id: crypto.randomUUID(),
          team_id: teamId,
          email,
          role: "reviewer",
          status: PENDING,
          inviter_id: user.id,
          expires_at: new Date(now.getTime() + NO_EXPIRY_MS),
          created_at: now,
        })
        .returning(["id", "team_id", "email", "created_at"])
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          // The partial unique index holds one pending invite per team and address, even for
          // two invites sent at the same moment.
          if (isUniqueViolation(error)) throw new AppError("conflict", INVITE_ERRORS.alreadyInvited);
          throw error;
        });

      try {
        const [team, inviter, existing] = await Promise.all([
          db.selectFrom("teams").select("name").where("id", "=", teamId).executeTakeFirstOrThrow(),
          db
            .selectFrom("users as u")
            .leftJoin("profiles as p", "p.user_id", "u.id")
            .select(displayName("u", "p").as("name"))
            .where("u.id", "=", user.id)
            .executeTakeFirst(),
          db
            .selectFrom("users")
            .select("id")
            .where(sql<string>`lower(email)`, "=", byEmail(email))
            .executeTakeFirst(),
        ]);
        const inviterName = inviter?.name ?? user.email;
        const signInUrl = new URL(existing ? "/login" : "/signup", publicUrl).toString();
        await mailer.send(inviteEmail({ to: email, teamName: team.name, inviterName, signInUrl }));
      } catch (error) {
        logger.error({ err: error, teamId, to: email }, "sending an invite failed");
        await db.deleteFrom("invites").where("id", "=", row.id).execute();
        throw new AppError("internal", INVITE_ERRORS.sendFailed);
      }
      return present(row);
    },

    /** Deletes a pending invite (`members.remove`: owner and admins). */
    async remove(userId: string, teamId: string, inviteId: string): Promise<void> {
      await access.team(userId, teamId, "members.remove");
      const deleted = await db
        .deleteFrom("invites")
        .where("id", "=", inviteId)
        .where("team_id", "=", teamId)
        .where("status", "=", PENDING)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new AppError("not_found", "Invite not found");
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
        const told = await trx
          .deleteFrom("invites")
          .where(sql<string>`lower(email)`, "=", byEmail(user.email))
          .where("status", "=", JOINED)
          .returning("team_id")
          .execute();
        if (told.length === 0) return [];
        return trx
          .selectFrom("teams")
          .innerJoin("members", "members.team_id", "teams.id")
          .select(["teams.id", "teams.name"])
          .where("members.user_id", "=", user.id)
          .where(
            "teams.id",
            "in",
            told.map((row) => row.team_id),
          )
          .execute();
      });
      await membersChanged(joined);
      const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });
      return { joined: teams.sort((a, b) => byName.compare(a.name, b.name)) };
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
