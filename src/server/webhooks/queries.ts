import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import { WEBHOOK_LOG_SIZE, type Webhook, type WebhookDelivery } from "../../shared/schemas/webhooks.ts";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";

/** Reads and writes of webhooks and their delivery log: no rules here, only the SQL. */

export type WebhookRow = Selectable<DB["webhooks"]>;
type DeliveryRow = Selectable<DB["webhook_deliveries"]>;

export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    projectId: row.project_id,
    url: row.url,
    events: row.events as Webhook["events"],
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    event: row.event,
    attempt: row.attempt,
    status: row.status === "succeeded" ? "succeeded" : "failed",
    responseCode: row.response_code,
    responseBody: row.response_body,
    latencyMs: row.latency_ms,
    error: row.error,
    createdAt: isoDate(row.created_at),
  };
}

export function selectProjectHooks(db: Kysely<DB>, projectId: string) {
  return db
    .selectFrom("webhooks")
    .selectAll()
    .where("project_id", "=", projectId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The enabled hooks of a project that asked for `event`. */
export function selectListeningHooks(db: Kysely<DB>, projectId: string, event: string) {
  return db
    .selectFrom("webhooks")
    .select(["id"])
    .where("project_id", "=", projectId)
    .where("enabled", "=", true)
    .where(sql<boolean>`${event} = any(events)`)
    .execute();
}

export function selectHook(db: Kysely<DB>, id: string) {
  return db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertHook(db: Kysely<DB>, values: Insertable<DB["webhooks"]>) {
  return db.insertInto("webhooks").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateHook(db: Kysely<DB>, id: string, values: Updateable<DB["webhooks"]>) {
  return db
    .updateTable("webhooks")
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteHook(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("webhooks").where("id", "=", id).execute();
}

export function selectDeliveries(db: Kysely<DB>, webhookId: string) {
  return db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", webhookId)
    .orderBy("created_at", "desc")
    .orderBy("attempt", "desc")
    .limit(WEBHOOK_LOG_SIZE)
    .execute();
}

/** Writes an attempt and drops the hook's attempts beyond the last WEBHOOK_LOG_SIZE. */
export async function logAttempt(db: Kysely<DB>, values: Insertable<DB["webhook_deliveries"]>) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("webhook_deliveries").values(values).execute();
    await sql`
      delete from webhook_deliveries where webhook_id = ${values.webhook_id} and id not in (
        select id from webhook_deliveries where webhook_id = ${values.webhook_id}
        order by created_at desc, attempt desc limit ${WEBHOOK_LOG_SIZE}
      )`.execute(trx);
  });
}

/**
 * After a failed attempt: one more failure in a row. Answers the new count, or undefined when the
 * hook is gone or already off (nothing more to decide).
 */
export async function countFailure(db: Kysely<DB>, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable("webhooks")
    .set({ consecutive_failures: sql`consecutive_failures + 1` })
    .where("id", "=", id)
    .where("enabled", "=", true)
    .returning("consecutive_failures")
    .executeTakeFirst();
  return row?.consecutive_failures;
}

export async function resetFailures(db: Kysely<DB>, id: string): Promise<void> {
  await db
    .updateTable("webhooks")
    .set({ consecutive_failures: 0 })
    .where("id", "=", id)
    .where("consecutive_failures", ">", 0)
    .execute();
}

/** Turns the hook off once: answers true only for the call that did it (so one e-mail is sent). */
export async function disableHook(db: Kysely<DB>, id: string, reason: string): Promise<boolean> {
  const row = await db
    .updateTable("webhooks")
    .set({ enabled: false, disabled_reason: reason, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("enabled", "=", true)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The project's name and its team owners' addresses, for the disabled-hook e-mail. */
export async function selectProjectOwners(db: Kysely<DB>, projectId: string) {
  const project = await db
    .selectFrom("projects")
    .select(["name", "team_id"])
    .where("id", "=", projectId)
    .executeTakeFirst();
  if (!project) return undefined;
  const owners = await db
    .selectFrom("members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select("u.email")
    .where("m.team_id", "=", project.team_id)
    .where("m.role", "=", "owner")
    .execute();
  return { projectName: project.name, emails: owners.map((owner) => owner.email) };
}

/** Marks a review's completion as sent: true only for the caller that marked it. */
export async function claimReviewCompletion(db: Kysely<DB>, reviewId: string): Promise<boolean> {
  const row = await db
    .insertInto("webhook_review_completions")
    .values({ review_id: reviewId })
    .onConflict((oc) => oc.column("review_id").doNothing())
    .returning("review_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** A re-opened review: its next completion is sent again. */
export async function forgetReviewCompletion(db: Kysely<DB>, reviewId: string): Promise<void> {
  await db.deleteFrom("webhook_review_completions").where("review_id", "=", reviewId).execute();
}

export function selectReviewStatus(db: Kysely<DB>, reviewId: string) {
  return db
    .selectFrom("reviews")
    .select(["status", "title", "last_updated_at"])
    .where("id", "=", reviewId)
    .executeTakeFirst();
}
