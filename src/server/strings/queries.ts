import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { currentBranch } from "../db/branch-scope.ts";
import type { MachineColumn } from "../db/column-types.ts";
import type { DB } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";

/**
 * Reads and writes of strings and their history: no rules here (the service checks access first),
 * only the queries. The writes are string-writer.ts's alone: every write of strings goes through it.
 */

type Db = Kysely<DB> | Transaction<DB>;

export type CurrentStringRow = NonNullable<Awaited<ReturnType<typeof selectStringForUpdate>>>;
export type HistoryRow = Awaited<ReturnType<typeof selectHistory>>[number];

/**
 * The key's row is the lock: an empty cell has no row of its own to lock, so without it parallel
 * first saves would each see "empty" and each win (PostgreSQL, read committed).
 */
export async function lockKey(trx: Transaction<DB>, keyId: string) {
  // A branch's key is a view's row, which cannot be locked: the lock is the key's id then.
  if (currentBranch()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${keyId}, 0))`.execute(trx);
    return;
  }
  await trx.selectFrom("translation_keys").select("id").where("id", "=", keyId).forNoKeyUpdate().execute();
}

/**
 * The keys' locks for a bulk write that must see a person's save of them first (an AI batch fills
 * only cells still empty). On main the upsert meets a save at the cell's unique index and waits for
 * it; on a branch it has no index to meet, so it takes the lock a save takes ({@link lockKey}), in
 * key order so that two such writers never wait on each other in a circle.
 */
export async function lockKeysOnBranch(trx: Transaction<DB>, keyIds: readonly string[]): Promise<void> {
  if (!currentBranch() || keyIds.length === 0) return;
  const sorted = [...new Set(keyIds)].sort();
  await sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
    from unnest(${sorted}::text[]) with ordinality as t(k, n) order by n`.execute(trx);
}

/** The cell as stored, with who wrote it, locked until the transaction ends; undefined when empty. */
export async function selectStringForUpdate(trx: Transaction<DB>, keyId: string, language: string) {
  const query = trx
    .selectFrom("translation_strings as s")
    .leftJoin("users as u", "u.id", "s.updated_by")
    .leftJoin("profiles as p", "p.user_id", "s.updated_by")
    .select([
      "s.value",
      "s.version",
      "s.updated_at",
      "s.machine",
      displayName("u", "p").as("updated_by_name"),
    ])
    .where("s.key_id", "=", keyId)
    .where("s.language_code", "=", language);
  // On a branch the key's lock (lockKey) is the cell's too: a view's row cannot be locked.
  return (currentBranch() ? query : query.forUpdate("s")).executeTakeFirst();
}

/** A cell's history, newest first, capped: an old string's list could otherwise grow without end. */
export async function selectHistory(db: Db, keyId: string, language: string) {
  return db
    .selectFrom("string_history as h")
    .leftJoin("users as u", "u.id", "h.user_id")
    .leftJoin("profiles as p", "p.user_id", "h.user_id")
    .select([
      "h.id",
      "h.value",
      "h.version",
      "h.origin",
      "h.agent",
      "h.created_at",
      displayName("u", "p").as("by"),
    ])
    .where("h.key_id", "=", keyId)
    .where("h.language_code", "=", language)
    .orderBy("h.id", "desc")
    .limit(200)
    .execute();
}

/** One history entry's value, if it belongs to that cell: an id of another cell is not found. */
export async function selectHistoryEntry(db: Db, historyId: number, keyId: string, language: string) {
  return db
    .selectFrom("string_history")
    .select(["value"])
    .where("id", "=", historyId)
    .where("key_id", "=", keyId)
    .where("language_code", "=", language)
    .executeTakeFirst();
}

/** The columns of a string as `upsertStrings` answers it. */
export interface UpsertedStringRow {
  key_id: string;
  project_id: string;
  language_code: string;
  value: string;
  version: number;
  updated_at: Date;
  machine: MachineColumn | null;
}

/** Strings to write, as parallel arrays (one `unnest` whatever their number). */
export interface StringColumns {
  keyIds: readonly string[];
  projectIds: readonly string[];
  languages: readonly string[];
  values: readonly string[];
  states: readonly (string | null)[];
}

/**
 * Inserts or updates the strings and answers those that changed: a value, machine mark or state
 * (unless `keepState`) that differs, and with `onlyIfEmpty` only cells that are empty or pseudo.
 * A change takes the next version.
 */
export async function upsertStrings(
  db: Db,
  columns: StringColumns,
  write: { userId: string | null; machine: MachineColumn | null; keepState?: boolean; onlyIfEmpty?: boolean },
): Promise<UpsertedStringRow[]> {
  if (currentBranch()) return upsertOnBranch(db, columns, write);
  const written = await sql<UpsertedStringRow>`
    insert into translation_strings as s (key_id, project_id, language_code, value, state, updated_by, machine)
    select k, p, l, v, st, ${write.userId}, ${write.machine}::text
    from unnest(
      ${columns.keyIds}::uuid[], ${columns.projectIds}::uuid[], ${columns.languages}::text[], ${columns.values}::text[],
      ${columns.states}::text[]
    ) as t(k, p, l, v, st)
    on conflict (key_id, language_code) do update
      set value = excluded.value,
          state = ${write.keepState ? sql`s.state` : sql`excluded.state`},
          version = s.version + 1,
          updated_by = excluded.updated_by,
          machine = excluded.machine,
          updated_at = now()
      where (s.value is distinct from excluded.value or s.machine is distinct from excluded.machine
        ${write.keepState ? sql`` : sql`or s.state is distinct from excluded.state`})
        ${write.onlyIfEmpty ? sql`and (s.value = '' or s.machine = 'pseudo')` : sql``}
    returning s.key_id, s.project_id, s.language_code, s.value, s.version, s.updated_at, s.machine
  `.execute(db);
  return written.rows;
}

/**
 * {@link upsertStrings} on a branch, whose strings are a view's rows (migration 0039): no index to
 * meet a conflict on, so the cells it has are updated and the others inserted, each through the
 * view's trigger into the branch's own rows. Same conditions, same answer.
 */
async function upsertOnBranch(
  db: Db,
  columns: StringColumns,
  write: { userId: string | null; machine: MachineColumn | null; keepState?: boolean; onlyIfEmpty?: boolean },
): Promise<UpsertedStringRow[]> {
  const input = sql`unnest(
      ${columns.keyIds}::uuid[], ${columns.projectIds}::uuid[], ${columns.languages}::text[], ${columns.values}::text[],
      ${columns.states}::text[]
    ) as t(k, p, l, v, st)`;
  const updated = await sql<UpsertedStringRow>`
    update translation_strings as s
      set value = t.v,
          state = ${write.keepState ? sql`s.state` : sql`t.st`},
          version = s.version + 1,
          updated_by = ${write.userId},
          machine = ${write.machine}::text,
          updated_at = now()
    from ${input}
    where s.key_id = t.k and s.language_code = t.l
      and (s.value is distinct from t.v or s.machine is distinct from ${write.machine}::text
        ${write.keepState ? sql`` : sql`or s.state is distinct from t.st`})
      ${write.onlyIfEmpty ? sql`and (s.value = '' or s.machine = 'pseudo')` : sql``}
    returning s.key_id, s.project_id, s.language_code, s.value, s.version, s.updated_at, s.machine
  `.execute(db);
  const inserted = await sql<UpsertedStringRow>`
    insert into translation_strings as s (key_id, project_id, language_code, value, state, updated_by, machine)
    select k, p, l, v, st, ${write.userId}, ${write.machine}::text
    from ${input}
    where not exists (select 1 from translation_strings e where e.key_id = t.k and e.language_code = t.l)
    returning s.key_id, s.project_id, s.language_code, s.value, s.version, s.updated_at, s.machine
  `.execute(db);
  return [...updated.rows, ...inserted.rows];
}

/** One history row per written string, with its new value and version. */
export async function insertHistory(
  db: Db,
  rows: readonly Pick<UpsertedStringRow, "key_id" | "project_id" | "language_code" | "value" | "version">[],
  meta: { origin: string; userId: string | null; agent?: string | null },
): Promise<void> {
  await sql`
    insert into string_history (key_id, project_id, language_code, value, version, origin, user_id, agent)
    select k, p, l, v, n, ${meta.origin}, ${meta.userId}, ${meta.agent ?? null}
    from unnest(
      ${rows.map((r) => r.key_id)}::uuid[],
      ${rows.map((r) => r.project_id)}::uuid[],
      ${rows.map((r) => r.language_code)}::text[],
      ${rows.map((r) => r.value)}::text[],
      ${rows.map((r) => r.version)}::int[]
    ) as t(k, p, l, v, n)
  `.execute(db);
}

/** Deletes every string of one language in a project; answers each deleted string's key and version. */
export async function deleteLanguageStringRows(db: Db, projectId: string, language: string) {
  const deleted = await sql<{ key_id: string; version: number }>`
    delete from translation_strings
    where project_id = ${projectId} and language_code = ${language}
    returning key_id, version
  `.execute(db);
  return deleted.rows;
}

/** The history rows of deleted strings: value null, at the version after the one deleted. */
export async function insertDeletionHistory(
  db: Db,
  projectId: string,
  language: string,
  rows: readonly { key_id: string; version: number }[],
  meta: { origin: string; userId: string | null },
): Promise<void> {
  await sql`
    insert into string_history (key_id, project_id, language_code, value, version, origin, user_id)
    select k, ${projectId}::uuid, ${language}, null, n, ${meta.origin}, ${meta.userId}
    from unnest(${rows.map((r) => r.key_id)}::uuid[], ${rows.map((r) => Number(r.version) + 1)}::int[]) as t(k, n)
  `.execute(db);
}

/** A project's keys of these names (a project API key names keys, not ids); unknown names are absent. */
export async function selectKeysByName(db: Db, projectId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom("translation_keys")
    .selectAll()
    .where("project_id", "=", projectId)
    .where("key", "in", [...names])
    .execute();
}

/** The stored strings of some keys in some languages: what a write compares with, or reads. */
export async function selectStrings(db: Db, keyIds: readonly string[], languages: readonly string[]) {
  if (keyIds.length === 0 || languages.length === 0) return [];
  return db
    .selectFrom("translation_strings")
    .select(["key_id", "language_code", "value", "version", "machine"])
    .where("key_id", "in", [...keyIds])
    .where("language_code", "in", [...languages])
    .execute();
}

/** How many of the project's keys `match` (a condition on `translation_keys`) keeps. */
export async function countKeys(db: Db, projectId: string, match: RawBuilder<unknown>): Promise<number> {
  const counted = await sql<{ count: number }>`
    select count(*)::int as count from translation_keys where project_id = ${projectId} and ${match}
  `.execute(db);
  return Number(counted.rows[0]?.count ?? 0);
}
