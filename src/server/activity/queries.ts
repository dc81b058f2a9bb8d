import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import {
  ACTIVITY_KEYS_KEPT,
  ACTIVITY_KIND_IDS,
  ACTIVITY_KINDS,
  type ActivityKind,
} from "../../shared/schemas/activity.ts";
import type { ActivityTable, DB } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";

/**
 * Reads and writes of the activity feed and its retention: no rules here (the service checks access
 * first, record.ts decides what an entry says).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** The kinds a reviewer sees: the string work of the team's projects. */
export const STRING_WORK_KINDS = ACTIVITY_KIND_IDS.filter((kind) => ACTIVITY_KINDS[kind].stringWork);

export interface FeedFilter {
  teamId: string;
  /** Only string work of projects (a reviewer's view). */
  stringWorkOnly: boolean;
  projectId?: string;
  userId?: string;
  kind?: ActivityKind;
  since?: Date;
  /** Exclusive: the start of the day after the last one asked for. */
  until?: Date;
  /** The last entry of the previous page. */
  before?: { at: string; id: string };
  limit: number;
}

function entries(db: Db) {
  return db
    .selectFrom("activity as a")
    .leftJoin("users as u", "u.id", "a.user_id")
    .leftJoin("profiles as p", "p.user_id", "a.user_id")
    .leftJoin("projects as pr", "pr.id", "a.project_id")
    .select([
      "a.id",
      "a.kind",
      "a.created_at",
      "a.user_id",
      "a.project_id",
      "a.count",
      "a.key_ids",
      "a.key_names",
      "a.languages",
      "a.details",
      "pr.name as project_name",
      displayName("u", "p").as("user_name"),
      // The cursor keeps the microseconds: an ISO date (milliseconds) would skip entries of one millisecond.
      sql<string>`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("cursor_at"),
    ]);
}

export type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>["executeTakeFirstOrThrow"]>>;

export function selectFeed(db: Db, filter: FeedFilter): Promise<EntryRow[]> {
  let query = entries(db).where("a.team_id", "=", filter.teamId);
  if (filter.stringWorkOnly) {
    query = query.where("a.kind", "in", STRING_WORK_KINDS).where("a.project_id", "is not", null);
  }
  if (filter.projectId) query = query.where("a.project_id", "=", filter.projectId);
  if (filter.userId) query = query.where("a.user_id", "=", filter.userId);
  if (filter.kind) query = query.where("a.kind", "=", filter.kind);
  if (filter.since) query = query.where("a.created_at", ">=", filter.since);
  if (filter.until) query = query.where("a.created_at", "<", filter.until);
  const before = filter.before;
  if (before) {
    query = query.where(
      sql<boolean>`(a.created_at, a.id) < (${before.at}::timestamptz, ${before.id}::bigint)`,
    );
  }
  return query.orderBy("a.created_at", "desc").orderBy("a.id", "desc").limit(filter.limit).execute();
}

export function selectEntries(db: Db, ids: readonly string[]): Promise<EntryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return entries(db).where("a.id", "in", ids.map(Number)).execute();
}

/** Deletes entries older than `days`; answers how many. */
export async function deleteOlderThan(db: Db, days: number): Promise<number> {
  const result = await db
    .deleteFrom("activity")
    .where("created_at", "<", sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The newest `batch.completed` entry of a batch job. */
export function selectBatchCompletedEntry(db: Db, projectId: string, jobId: string) {
  return db
    .selectFrom("activity")
    .select(["id", "project_id"])
    .where("project_id", "=", projectId)
    .where("kind", "=", "batch.completed")
    .where(sql<boolean>`details->>'batchId' = ${jobId}`)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export function insertActivity(db: Db, values: Insertable<ActivityTable>) {
  return db.insertInto("activity").values(values).returning(["id", "project_id"]).executeTakeFirstOrThrow();
}

export interface StringEditsEntry {
  teamId: string;
  projectId: string;
  userId: string;
  count: number;
  keyIds: string[];
  keyNames: string[];
  languages: string[];
  /** `{ branch }` on a branch (part of what groups the edits), else empty. */
  details: { branch?: string };
}

/**
 * Adds a person's string edits to their entry of this project and minute, or starts it: the partial
 * unique index finds the entry, which grows (count summed, keys appended up to ACTIVITY_KEYS_KEPT without
 * repeats, languages unioned). Answers the entry.
 */
export async function upsertStringEdits(db: Db, entry: StringEditsEntry) {
  // The minute is the database's, like created_at, so two servers with skewed clocks group alike.
  const result = await sql<{ id: string | number; project_id: string }>`
    insert into activity as a (team_id, project_id, user_id, kind, minute, count, key_ids, key_names, languages, details)
    values (${entry.teamId}, ${entry.projectId}, ${entry.userId}, 'strings.edited', date_trunc('minute', now()),
      ${entry.count}, ${sql.val(entry.keyIds)}::uuid[], ${sql.val(entry.keyNames)}::text[], ${sql.val(entry.languages)}::text[],
      ${JSON.stringify(entry.details)}::jsonb)
    on conflict (project_id, user_id, minute, (coalesce(details->>'branch', ''))) where kind = 'strings.edited'
    do update set
      count = a.count + excluded.count,
      key_ids = (select coalesce(array_agg(k.id order by k.n), '{}') from (
          select id, min(n) as n from unnest(a.key_ids || excluded.key_ids, a.key_names || excluded.key_names)
            with ordinality as u(id, name, n) group by id order by min(n) limit ${ACTIVITY_KEYS_KEPT}
        ) k),
      key_names = (select coalesce(array_agg(k.name order by k.n), '{}') from (
          select id, (array_agg(name order by n desc))[1] as name, min(n) as n
            from unnest(a.key_ids || excluded.key_ids, a.key_names || excluded.key_names)
            with ordinality as u(id, name, n) group by id order by min(n) limit ${ACTIVITY_KEYS_KEPT}
        ) k),
      languages = (select array_agg(distinct l order by l) from unnest(a.languages || excluded.languages) as l)
    returning a.id, a.project_id`.execute(db);
  return result.rows[0];
}
