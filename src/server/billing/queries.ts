import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { DB, SubscriptionsTable } from "../db/schema.ts";

/** Reads and writes of subscriptions and billing events: no rules here, only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export function subscriptionOfTeam(db: Db, teamId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("team_id", "=", teamId).executeTakeFirst();
}

export async function memberCount(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("team_id", "=", teamId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The team whose row holds the provider's subscription, that row locked; undefined when none does. */
export async function lockSubscriptionHolder(
  trx: Transaction<DB>,
  providerSubscriptionId: string,
): Promise<string | undefined> {
  const holder = await trx
    .selectFrom("subscriptions")
    .select("team_id")
    .where("provider_subscription_id", "=", providerSubscriptionId)
    .forUpdate()
    .executeTakeFirst();
  return holder?.team_id;
}

export async function teamExists(db: Db, teamId: string): Promise<boolean> {
  const team = await db.selectFrom("teams").select("id").where("id", "=", teamId).executeTakeFirst();
  return team !== undefined;
}

/** The team's subscription row, locked until the transaction ends. */
export function lockTeamSubscription(
  trx: Transaction<DB>,
  teamId: string,
): Promise<SubscriptionRow | undefined> {
  return trx
    .selectFrom("subscriptions")
    .selectAll()
    .where("team_id", "=", teamId)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes the team's one subscription row, made on its first write. */
export async function upsertSubscription(
  db: Db,
  teamId: string,
  values: Omit<Insertable<SubscriptionsTable>, "team_id">,
): Promise<void> {
  await db
    .insertInto("subscriptions")
    .values({ team_id: teamId, ...values })
    .onConflict((oc) => oc.column("team_id").doUpdateSet(values))
    .execute();
}

export async function billingEventSeen(db: Db, eventId: string): Promise<boolean> {
  const seen = await db
    .selectFrom("billing_events")
    .select("id")
    .where("id", "=", eventId)
    .executeTakeFirst();
  return seen !== undefined;
}

/** Records the event as processed; false when it already was (another delivery recorded it first). */
export async function recordBillingEvent(
  db: Db,
  event: { id: string; provider: string; type: string },
): Promise<boolean> {
  const recorded = await db
    .insertInto("billing_events")
    .values(event)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return recorded !== undefined;
}
