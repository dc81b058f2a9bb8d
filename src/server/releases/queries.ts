import { type Kysely, sql, type Transaction } from "kysely";
import type { ReleaseStringFilter, ReleaseTrigger } from "../../shared/schemas/releases.ts";
import type { DB } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";

/** Reads and writes of releases: only the SQL (the service checks access first). */

type Db = Kysely<DB> | Transaction<DB>;

export interface ReleaseRow {
  id: string;
  project_id: string;
  number: number;
  environment: string;
  languages: string[];
  only_strings: string;
  placeholder_format: string;
  trigger: string;
  /** Null: main's strings. */
  branch_name: string | null;
  created_by_name: string | null;
  created_by_key: string | null;
  key_count: number;
  keys_changed: number;
  created_at: Date | string;
}

/** Newest first, with who made each (a person's name, else their e-mail). */
export function selectReleases(db: Db, projectId: string, limit = 200): Promise<ReleaseRow[]> {
  return db
    .selectFrom("releases as r")
    .leftJoin("users as u", "u.id", "r.created_by")
    .leftJoin("profiles as p", "p.user_id", "r.created_by")
    .select([
      "r.id",
      "r.project_id",
      "r.number",
      "r.environment",
      "r.languages",
      "r.only_strings",
      "r.placeholder_format",
      "r.trigger",
      "r.branch_name",
      "r.created_by_key",
      "r.key_count",
      "r.keys_changed",
      "r.created_at",
      displayName("u", "p").as("created_by_name"),
    ])
    .where("r.project_id", "=", projectId)
    .orderBy("r.number", "desc")
    .limit(limit)
    .execute();
}

export function selectRelease(db: Db, id: string) {
  return db.selectFrom("releases").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface ReleaseFileRow {
  release_id: string;
  language_code: string;
  hash: string;
  bytes: number;
}

export function selectReleaseFiles(db: Db, releaseIds: readonly string[]): Promise<ReleaseFileRow[]> {
  if (releaseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("release_files")
    .select(["release_id", "language_code", "hash", sql<number>`octet_length(bytes)`.as("bytes")])
    .where("release_id", "in", releaseIds)
    .orderBy("language_code")
    .execute();
}

/**
 * The files, with their bytes, of the release a new one counts the keys changed since: main's newest
 * for main (`branchId` null); for a branch its own newest, else main's newest, so a branch's first
 * release counts what the branch changes. Main's count never sees a branch's releases.
 */
export async function selectLatestReleaseFiles(db: Db, projectId: string, branchId: string | null) {
  return db
    .selectFrom("release_files as f")
    .select(["f.language_code", "f.bytes"])
    .where("f.release_id", "=", (eb) =>
      eb
        .selectFrom("releases")
        .select("id")
        .where("project_id", "=", projectId)
        .where((w) =>
          branchId === null
            ? w("branch_name", "is", null)
            : w.or([w("branch_name", "is", null), w("branch_id", "=", branchId)]),
        )
        .orderBy(sql`branch_id is not distinct from ${branchId}::uuid`, "desc")
        .orderBy("number", "desc")
        .limit(1),
    )
    .execute();
}

export interface DownloadRow {
  release_id: string;
  day: string;
  count: number;
}

/** Per release and day, the last `days` days. */
export function selectDownloads(db: Db, releaseIds: readonly string[], days: number): Promise<DownloadRow[]> {
  if (releaseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("release_downloads")
    .select(["release_id", sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "count"])
    .where("release_id", "in", releaseIds)
    .where("day", ">", sql<Date>`current_date - ${days}::int`)
    .orderBy("day")
    .execute();
}

export interface EnvironmentRow {
  name: string;
  release_id: string;
  number: number;
  updated_at: Date | string;
}

export function selectEnvironments(db: Db, projectId: string): Promise<EnvironmentRow[]> {
  return db
    .selectFrom("release_environments as e")
    .innerJoin("releases as r", "r.id", "e.release_id")
    .select(["e.name", "e.release_id", "r.number", "e.updated_at"])
    .where("e.project_id", "=", projectId)
    .orderBy("e.name")
    .execute();
}

/** Serializes releases of one project (their numbers) within the transaction. */
export async function lockProjectReleases(trx: Transaction<DB>, projectId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`releases:${projectId}`}, 0))`.execute(trx);
  const row = await trx
    .selectFrom("releases")
    .select(sql<number>`coalesce(max(number), 0)`.as("last"))
    .where("project_id", "=", projectId)
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

export interface NewRelease {
  projectId: string;
  number: number;
  environment: string;
  languages: string[];
  only: ReleaseStringFilter;
  placeholderFormat: string;
  trigger: ReleaseTrigger;
  /** The branch it was made from; null: main. */
  branch: { id: string; name: string } | null;
  userId: string | null;
  keyName: string | null;
  keyCount: number;
  keysChanged: number;
}

export async function insertRelease(trx: Transaction<DB>, release: NewRelease): Promise<string> {
  const row = await trx
    .insertInto("releases")
    .values({
      project_id: release.projectId,
      number: release.number,
      environment: release.environment,
      languages: release.languages,
      only_strings: release.only,
      placeholder_format: release.placeholderFormat,
      trigger: release.trigger,
      branch_id: release.branch?.id ?? null,
      branch_name: release.branch?.name ?? null,
      created_by: release.userId,
      created_by_key: release.keyName,
      key_count: release.keyCount,
      keys_changed: release.keysChanged,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertReleaseFiles(
  trx: Transaction<DB>,
  releaseId: string,
  files: readonly { language: string; hash: string; bytes: Uint8Array }[],
): Promise<void> {
  if (files.length === 0) return;
  await trx
    .insertInto("release_files")
    .values(
      files.map((file) => ({
        release_id: releaseId,
        language_code: file.language,
        hash: file.hash,
        bytes: Buffer.from(file.bytes),
      })),
    )
    .execute();
}

/** Points the environment's manifest at the release. */
export async function upsertEnvironment(db: Db, projectId: string, name: string, releaseId: string) {
  await db
    .insertInto("release_environments")
    .values({ project_id: projectId, name, release_id: releaseId })
    .onConflict((oc) =>
      oc.columns(["project_id", "name"]).doUpdateSet({ release_id: releaseId, updated_at: sql`now()` }),
    )
    .execute();
}

export async function updateReleaseOnReview(db: Db, projectId: string, environment: string | null) {
  await db
    .updateTable("projects")
    .set({ release_on_review: environment })
    .where("id", "=", projectId)
    .execute();
}

/** The manifest of a distribution's environment: the release it names and its files' hashes. */
export async function selectManifest(db: Db, distributionId: string, environment: string) {
  const rows = await db
    .selectFrom("projects as p")
    .innerJoin("release_environments as e", (join) =>
      join.onRef("e.project_id", "=", "p.id").on("e.name", "=", environment),
    )
    .innerJoin("releases as r", "r.id", "e.release_id")
    .innerJoin("release_files as f", "f.release_id", "r.id")
    .select([
      "p.id as project_id",
      "r.number",
      "r.created_at",
      "r.placeholder_format",
      "r.branch_name",
      "f.language_code",
      "f.hash",
    ])
    .where("p.distribution_id", "=", distributionId)
    .orderBy("f.language_code")
    .execute();
  return rows;
}

/** The project a distribution id names. */
export function selectDistributionProject(db: Db, distributionId: string) {
  return db
    .selectFrom("projects")
    .select("id")
    .where("distribution_id", "=", distributionId)
    .executeTakeFirst();
}

/** A release file of the distribution by its hash (the same bytes in any release that has it). */
export async function selectReleaseFile(db: Db, distributionId: string, hash: string) {
  return db
    .selectFrom("release_files as f")
    .innerJoin("releases as r", "r.id", "f.release_id")
    .innerJoin("projects as p", "p.id", "r.project_id")
    .select(["f.bytes", "p.id as project_id"])
    .where("p.distribution_id", "=", distributionId)
    .where("f.hash", "=", hash)
    .limit(1)
    .executeTakeFirst();
}

/**
 * Adds downloads counted in memory: each (project, hash) to the newest release of the project with
 * that file, on `day`. One statement for all.
 */
export async function addDownloads(
  db: Db,
  day: string,
  counts: readonly { projectId: string; hash: string; count: number }[],
): Promise<void> {
  if (counts.length === 0) return;
  const rows = counts.map((c) => ({ project_id: c.projectId, hash: c.hash, count: c.count }));
  await sql`
    with c as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as c(project_id uuid, hash text, count int)
    ), t as (
      select (select r.id from releases r join release_files f on f.release_id = r.id
               where r.project_id = c.project_id and f.hash = c.hash
               order by r.number desc limit 1) as release_id, c.count
      from c
    )
    insert into release_downloads (release_id, day, count)
    select release_id, ${day}::date, sum(count)::int from t where release_id is not null group by release_id
    on conflict (release_id, day) do update set count = release_downloads.count + excluded.count
  `.execute(db);
}
