import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type { AssignableRole } from "../../shared/schemas/teams.ts";
import type { DB, ProjectsTable } from "../db/schema.ts";
import { fullName } from "../db/sql.ts";

/**
 * Reads and writes of teams, members and invites: no rules here (the services check access
 * first), only the SQL. The access gate's own reads stay in access.ts.
 */

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The states an invite row passes through: `pending` (listed on the Team screen), then `accepted`
 * once the address has joined the team but has not been told yet ('You joined {team}'); the row
 * goes when it has been told, or when someone deletes the pending invite.
 */
const PENDING = "pending";
const JOINED = "accepted";

const byEmail = (email: string) => sql<string>`lower(${email})`;

// Teams

export type UserTeamRow = Awaited<ReturnType<typeof selectUserTeams>>[number];

/** The user's teams with their role in each, oldest first (the answer orders them by name). */
export function selectUserTeams(db: Db, userId: string) {
  return db
    .selectFrom("members")
    .innerJoin("teams", "teams.id", "members.team_id")
    .select(["teams.id", "teams.name", "teams.created_at", "members.role"])
    .where("members.user_id", "=", userId)
    .orderBy("teams.created_at")
    .execute();
}

export function insertTeam(trx: Transaction<DB>, name: string) {
  return trx
    .insertInto("teams")
    .values({ id: crypto.randomUUID(), name, created_at: new Date() })
    .returning(["id", "name", "created_at"])
    .executeTakeFirstOrThrow();
}

export async function insertOwner(trx: Transaction<DB>, teamId: string, userId: string): Promise<void> {
  await trx
    .insertInto("members")
    .values({
      id: crypto.randomUUID(),
      team_id: teamId,
      user_id: userId,
      role: "owner",
      created_at: new Date(),
    })
    .execute();
}

/** The team renamed; undefined when it is gone. */
export function renameTeam(db: Db, teamId: string, name: string) {
  return db
    .updateTable("teams")
    .set({ name })
    .where("id", "=", teamId)
    .returning(["id", "name", "created_at"])
    .executeTakeFirst();
}

/** Locks the team row until the transaction ends. */
export async function lockTeam(trx: Transaction<DB>, teamId: string): Promise<void> {
  await trx.selectFrom("teams").select("id").where("id", "=", teamId).forUpdate().execute();
}

export function selectTeamProjectIds(trx: Transaction<DB>, teamId: string) {
  return trx.selectFrom("projects").select("id").where("team_id", "=", teamId).execute();
}

/** One statement: the foreign keys cascade to everything of the team. */
export async function deleteTeam(trx: Transaction<DB>, teamId: string): Promise<void> {
  await trx.deleteFrom("teams").where("id", "=", teamId).execute();
}

export function selectTeamName(db: Db, teamId: string) {
  return db.selectFrom("teams").select("name").where("id", "=", teamId).executeTakeFirstOrThrow();
}

// Members

/** The membership `memberId` of `teamId`; another team's member is undefined. */
export function selectMember(db: Db, teamId: string, memberId: string) {
  return db
    .selectFrom("members")
    .select(["id", "user_id", "role"])
    .where("id", "=", memberId)
    .where("team_id", "=", teamId)
    .executeTakeFirst();
}

export type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];

/** The team's members (or one of them) with their e-mail and profile name. */
export function selectMembers(db: Db, teamId: string, memberId?: string) {
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
  return query.execute();
}

export async function updateMemberRole(db: Db, memberId: string, role: AssignableRole): Promise<void> {
  await db.updateTable("members").set({ role }).where("id", "=", memberId).execute();
}

/** Whether the membership was there to delete (a concurrent removal may have come first). */
export async function deleteMember(db: Db, memberId: string): Promise<boolean> {
  const deleted = await db.deleteFrom("members").where("id", "=", memberId).returning("id").execute();
  return deleted.length > 0;
}

/** The team's member with this e-mail address, whatever its case. */
export function selectMemberByEmail(db: Db, teamId: string, email: string) {
  return db
    .selectFrom("members")
    .innerJoin("users", "users.id", "members.user_id")
    .select("members.id")
    .where("members.team_id", "=", teamId)
    .where(sql<string>`lower(users.email)`, "=", byEmail(email))
    .executeTakeFirst();
}

// Invites

export type InviteRow = Awaited<ReturnType<typeof selectPendingInvites>>[number];

/** The team's pending invites, newest first. */
export function selectPendingInvites(db: Db, teamId: string) {
  return db
    .selectFrom("invites")
    .select(["id", "team_id", "email", "role", "created_at"])
    .where("team_id", "=", teamId)
    .where("status", "=", PENDING)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/**
 * A pending invite giving `role` when accepted. The promise fails with a unique violation when the address is
 * already invited (the partial unique index holds one pending invite per team and address).
 */
export function insertInvite(
  db: Db,
  invite: { teamId: string; email: string; role: AssignableRole; inviterId: string },
) {
  const now = new Date();
  return db
    .insertInto("invites")
    .values({
      id: crypto.randomUUID(),
      team_id: invite.teamId,
      email: invite.email,
      role: invite.role,
      status: PENDING,
      inviter_id: invite.inviterId,
      created_at: now,
    })
    .returning(["id", "team_id", "email", "role", "created_at"])
    .executeTakeFirstOrThrow();
}

export async function deleteInvite(db: Db, inviteId: string): Promise<void> {
  await db.deleteFrom("invites").where("id", "=", inviteId).execute();
}

/** Deletes the team's invite if it is still pending; answers whether it did. */
export async function deletePendingInvite(db: Db, teamId: string, inviteId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom("invites")
    .where("id", "=", inviteId)
    .where("team_id", "=", teamId)
    .where("status", "=", PENDING)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** The pending invites of this address, locked until the transaction ends. */
export function lockPendingInvitesOf(trx: Transaction<DB>, email: string) {
  return trx
    .selectFrom("invites")
    .select(["id", "team_id", "role"])
    .where(sql<string>`lower(email)`, "=", byEmail(email))
    .where("status", "=", PENDING)
    .forUpdate()
    .execute();
}

/** A membership with the invite's role; undefined when the user is already in the team. */
export function insertInvitedMember(
  trx: Transaction<DB>,
  member: { teamId: string; userId: string; role: AssignableRole },
) {
  return trx
    .insertInto("members")
    .values({
      id: crypto.randomUUID(),
      team_id: member.teamId,
      user_id: member.userId,
      role: member.role,
      created_at: new Date(),
    })
    .onConflict((oc) => oc.columns(["team_id", "user_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
}

/** The invite leaves the pending list: joined, not yet told. */
export async function markInviteJoined(trx: Transaction<DB>, inviteId: string): Promise<void> {
  await trx.updateTable("invites").set({ status: JOINED }).where("id", "=", inviteId).execute();
}

/** Deletes the address's joined invites, answering their teams: each is told once. */
export function deleteJoinedInvitesOf(trx: Transaction<DB>, email: string) {
  return trx
    .deleteFrom("invites")
    .where(sql<string>`lower(email)`, "=", byEmail(email))
    .where("status", "=", JOINED)
    .returning("team_id")
    .execute();
}

/** Those of `teamIds` the user is a member of, with their names. */
export function selectMemberTeams(trx: Transaction<DB>, userId: string, teamIds: string[]) {
  return trx
    .selectFrom("teams")
    .innerJoin("members", "members.team_id", "teams.id")
    .select(["teams.id", "teams.name"])
    .where("members.user_id", "=", userId)
    .where("teams.id", "in", teamIds)
    .execute();
}

// Users

/** Whether an account has this e-mail address, whatever its case. */
export async function userExistsWithEmail(db: Db, email: string): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select("id")
    .where(sql<string>`lower(email)`, "=", byEmail(email))
    .executeTakeFirst();
  return user !== undefined;
}

/** The member's role in the team as stored; undefined outside it. */
export async function selectRole(db: Db, userId: string, teamId: string): Promise<string | undefined> {
  const member = await db
    .selectFrom("members")
    .select("role")
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return member?.role;
}

export function selectKeyRow(db: Db, keyId: string) {
  return db.selectFrom("translation_keys").selectAll().where("id", "=", keyId).executeTakeFirst();
}

/** The project `where` finds, with the person's role in its team as stored (null outside it), in one query. */
function selectProjectWithRole(
  db: Db,
  userId: string,
  where: (eb: ExpressionBuilder<DB & { p: ProjectsTable }, "p">) => Expression<SqlBool>,
) {
  return db
    .selectFrom("projects as p")
    .leftJoin("members as m", (join) =>
      join.onRef("m.team_id", "=", "p.team_id").on("m.user_id", "=", userId),
    )
    .selectAll("p")
    .select("m.role as member_role")
    .where(where)
    .executeTakeFirst();
}

export type ProjectWithRoleRow = NonNullable<Awaited<ReturnType<typeof selectProjectWithRole>>>;

export function selectProjectWithRoleById(db: Db, userId: string, projectId: string) {
  return selectProjectWithRole(db, userId, (eb) => eb("p.id", "=", projectId));
}

/** The project of the key, found by the key in the same query. */
export function selectProjectWithRoleByKey(db: Db, userId: string, keyId: string) {
  return selectProjectWithRole(db, userId, (eb) =>
    eb("p.id", "=", eb.selectFrom("translation_keys").select("project_id").where("id", "=", keyId)),
  );
}
