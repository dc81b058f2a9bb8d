import { type Kysely, sql, type Transaction } from "kysely";
import { currentBranch } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";

/**
 * Reads and writes of the stored quality checks (issue 21) and their rechecks: no rules here
 * (string-checks.ts computes the checks), only the SQL.
 */

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The project's source language with each of its team's glossary terms, in the glossary's order,
 * in one round trip: a team without terms gives one row of nulls; no project, no row.
 */
export function selectProjectGlossary(db: Db, projectId: string) {
  return db
    .selectFrom("projects as p")
    .leftJoin("glossary_terms as g", "g.team_id", "p.team_id")
    .select([
      "p.source_language",
      "g.id",
      "g.term",
      "g.description",
      "g.case_sensitive",
      "g.forbidden",
      "g.do_not_translate",
      "g.translations",
    ])
    .where("p.id", "=", projectId)
    .orderBy(sql`lower(g.term)`)
    .orderBy("g.id")
    .execute();
}

/** Some keys' max length, whether their value is not text (json), and their source text. */
export async function selectKeyFacts(db: Db, sourceLanguage: string, keyIds: readonly string[]) {
  const keys = await sql<{ id: string; max_length: number | null; json: boolean; source: string | null }>`
    select k.id, k.max_length, k.value_type is not null as json, src.value as source
    from translation_keys k
    left join translation_strings src on src.key_id = k.id and src.language_code = ${sourceLanguage}
    where k.id = any(${keyIds}::uuid[])
  `.execute(db);
  return keys.rows;
}

/** The project's non-empty source texts (one range scan). */
export async function selectSourceTexts(db: Db, projectId: string, sourceLanguage: string) {
  const sources = await sql<{ key_id: string; value: string }>`
    select key_id, value from translation_strings
    where project_id = ${projectId} and language_code = ${sourceLanguage} and value <> ''
  `.execute(db);
  return sources.rows;
}

/** The project's keys with a max length or a non-text value (json). */
export async function selectSpecialKeys(db: Db, projectId: string) {
  const special = await sql<{ id: string; max_length: number | null; json: boolean }>`
    select id, max_length, value_type is not null as json from translation_keys
    where project_id = ${projectId} and (max_length is not null or value_type is not null)
  `.execute(db);
  return special.rows;
}

/**
 * The stored strings of some keys with their stored checks and their key's facts; only the
 * non-empty translations when `translationsOnly`.
 */
export async function selectCheckedStrings(
  db: Db,
  keyIds: readonly string[],
  sourceLanguage: string,
  translationsOnly: boolean,
) {
  const rows = await sql<{
    key_id: string;
    project_id: string;
    language_code: string;
    value: string;
    version: number;
    checks: string[] | null;
    max_length: number | null;
    json: boolean;
    source: string | null;
  }>`
    select t.key_id, t.project_id, t.language_code, t.value, t.version, c.checks, k.max_length,
      k.value_type is not null as json, src.value as source
    from translation_strings t
    join translation_keys k on k.id = t.key_id
    left join translation_strings src on src.key_id = t.key_id and src.language_code = ${sourceLanguage}
    left join string_checks c on c.key_id = t.key_id and c.language_code = t.language_code
    where t.key_id = any(${keyIds}::uuid[])
      ${translationsOnly ? sql`and t.language_code <> ${sourceLanguage} and t.value <> ''` : sql``}
  `.execute(db);
  return rows.rows;
}

/** A string's failing checks (space-separated ids, "" when it passes) and the version they are of. */
export interface StoredChecks {
  keyId: string;
  projectId: string;
  language: string;
  version: number;
  checks: string;
}

/**
 * Writes strings' checks (migration 0047): no version, no history. Main keeps a row only for a
 * string that fails something; a branch keeps passing ones too, which hide main's failing ones
 * (its view's trigger writes them into `branch_checks`).
 */
export async function writeChecks(db: Db, cells: readonly StoredChecks[]): Promise<void> {
  if (cells.length === 0) return;
  const input = sql`unnest(
      ${cells.map((c) => c.keyId)}::uuid[], ${cells.map((c) => c.language)}::text[],
      ${cells.map((c) => c.projectId)}::uuid[], ${cells.map((c) => c.checks)}::text[],
      ${cells.map((c) => c.version)}::int[]
    ) as t(k, l, p, c, v)`;
  if (currentBranch()) {
    await sql`
      insert into string_checks (key_id, language_code, project_id, checks, string_version)
      select k, l, p, string_to_array(c, ' '), v from ${input}
    `.execute(db);
    return;
  }
  const passing = cells.filter((c) => c.checks === "");
  if (passing.length > 0) {
    // Looked up among the project's few failing strings, not probed once per written string.
    await sql`
      delete from string_checks s
      where s.project_id = any(${[...new Set(passing.map((c) => c.projectId))]}::uuid[])
        and (s.key_id, s.language_code) in (
          select k, l from unnest(${passing.map((c) => c.keyId)}::uuid[], ${passing.map((c) => c.language)}::text[]) as t(k, l))
    `.execute(db);
  }
  if (passing.length === cells.length) return;
  await sql`
    insert into string_checks (key_id, language_code, project_id, checks, string_version)
    select k, l, p, string_to_array(c, ' '), v from ${input} where c <> ''
    on conflict (key_id, language_code) do update
      set checks = excluded.checks, string_version = excluded.string_version
  `.execute(db);
}

export async function setChecksVersion(
  db: Db,
  projectIds: readonly string[],
  version: number,
): Promise<void> {
  await db
    .updateTable("projects")
    .set({ checks_version: version })
    .where("id", "in", [...projectIds])
    .execute();
}

export async function selectTeamProjectIds(db: Db, teamId: string): Promise<string[]> {
  const projects = await db.selectFrom("projects").select("id").where("team_id", "=", teamId).execute();
  return projects.map((p) => p.id);
}

/** Projects checked by a version before `version` (or never), locked; those locked elsewhere are skipped. */
export async function lockOutdatedProjects(trx: Transaction<DB>, version: number): Promise<string[]> {
  const outdated = await trx
    .selectFrom("projects")
    .select("id")
    .where("checks_version", "<", version)
    .forUpdate()
    .skipLocked()
    .execute();
  return outdated.map((p) => p.id);
}

/** The project's next `limit` key ids after `after`, in id order. */
export async function selectKeyIdsAfter(db: Db, projectId: string, after: string, limit: number) {
  const slice = await sql<{ id: string }>`
    select id from translation_keys where project_id = ${projectId} and id > ${after}::uuid
    order by id limit ${limit}
  `.execute(db);
  return slice.rows.map((r) => r.id);
}
