import { type Kysely, sql, type Transaction } from "kysely";
import { DASHBOARD_CONTRIBUTORS, DASHBOARD_DAYS } from "../../shared/schemas/dashboard.ts";
import type { DB } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";
import { selectCompletion } from "../projects/queries.ts";
import { isCurrent } from "../reviews/queries.ts";

/** Reads of the project dashboard (issue 22): no rules here (the service checks access first). */

type Db = Kysely<DB> | Transaction<DB>;

export interface ProjectRef {
  id: string;
  source_language: string;
  languages: string[];
}

export interface LanguageState {
  code: string;
  total: number;
  translated: number;
  unverified: number;
  missing: number;
}

/** Today in UTC, as the snapshots and the words' month count days. */
const today = sql<string>`(now() at time zone 'UTC')::date`;

/**
 * Each non-source language from the completion counts (migration 0015): `translated` leaves out the
 * machine output nobody checked (AI and pseudo), which is `unverified`.
 */
export async function selectLanguageStates(db: Db, project: ProjectRef): Promise<LanguageState[]> {
  const targets = project.languages.filter((code) => code !== project.source_language);
  const rows = await selectCompletion(db, project.id, project.source_language, targets);
  return rows.map((row) => {
    const unverified = row.unverified + row.pseudo;
    return {
      code: row.code,
      total: row.total,
      translated: row.translated - unverified,
      unverified,
      missing: row.missing,
    };
  });
}

/** Today's snapshot of each language: written again on every read of the day, so it is the latest. */
export async function upsertSnapshots(db: Db, projectId: string, states: readonly LanguageState[]) {
  if (states.length === 0) return;
  await sql`
    insert into project_snapshots as s (project_id, language_code, day, translated, total)
    select ${projectId}::uuid, l, ${today}, t, n
    from unnest(${states.map((s) => s.code)}::text[], ${states.map((s) => s.translated)}::int[],
      ${states.map((s) => s.total)}::int[]) as u(l, t, n)
    on conflict (project_id, language_code, day) do update
      set translated = excluded.translated, total = excluded.total
  `.execute(db);
}

/** The last DASHBOARD_DAYS days' snapshots of `languages`, oldest first (the primary key's order). */
export async function selectSnapshots(db: Db, projectId: string, languages: readonly string[]) {
  const result = await sql<{ language_code: string; day: string; translated: number; total: number }>`
    select language_code, to_char(day, 'YYYY-MM-DD') as day, translated, total
    from project_snapshots
    where project_id = ${projectId} and language_code = any(${languages}::text[])
      and day > ${today} - ${DASHBOARD_DAYS}::int
    order by language_code, day
  `.execute(db);
  return result.rows;
}

/**
 * Per language, the counted keys' strings whose newest current verdict across the project's
 * reviews is an approval (the rule of reviews/queries.ts: a verdict counts while its string keeps
 * the version judged). Reads the project's verdicts only, never its strings at large.
 */
export async function selectApprovedCounts(db: Db, projectId: string, languages: readonly string[]) {
  const result = await sql<{ language_code: string; n: number }>`
    select v.language_code, count(*)::int as n
    from (
      select distinct on (a.key_id, a.language_code) a.key_id, a.language_code, a.state
      from reviews r
      join review_approvals a on a.review_id = r.id
      left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
      where r.project_id = ${projectId} and a.language_code = any(${languages}::text[]) and ${isCurrent}
        and s.value <> ''
      order by a.key_id, a.language_code, a.updated_at desc, a.review_id
    ) v
    join translation_keys k on k.id = v.key_id
    where v.state = 'approved' and k.translatable and k.value_type is null
    group by v.language_code
  `.execute(db);
  return new Map(result.rows.map((row) => [row.language_code, Number(row.n)]));
}

/** Words of the month (its first day, `YYYY-MM-DD`) by origin. */
export async function selectWords(db: Db, projectId: string, month: string) {
  const rows = await db
    .selectFrom("word_counts")
    .select(["origin", "words"])
    .where("project_id", "=", projectId)
    .where("month", "=", sql<Date>`${month}::date`)
    .execute();
  const of = (origin: string) => Number(rows.find((row) => row.origin === origin)?.words ?? 0);
  return { people: of("people"), ai: of("ai") };
}

/** Adds words to each project's words of this month (UTC) from `origin`: one upsert for them all. */
export async function addMonthWords(
  db: Db,
  origin: "people" | "ai",
  projects: readonly (readonly [projectId: string, words: number])[],
) {
  await sql`
    insert into word_counts as w (project_id, month, origin, words)
    select p, date_trunc('month', now() at time zone 'UTC')::date, ${origin}, n
    from unnest(${projects.map(([id]) => id)}::uuid[], ${projects.map(([, words]) => words)}::bigint[]) as t(p, n)
    on conflict (project_id, month, origin) do update set words = w.words + excluded.words
  `.execute(db);
}

/** The people whose `strings.edited` entries of the project since `since` count the most strings. */
export async function selectContributors(db: Db, projectId: string, since: Date) {
  const rows = await db
    .selectFrom("activity as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .leftJoin("profiles as p", "p.user_id", "a.user_id")
    .select([
      "u.id as user_id",
      displayName("u", "p").as("name"),
      sql<number>`sum(a.count)::int`.as("strings"),
    ])
    .where("a.project_id", "=", projectId)
    .where("a.kind", "=", "strings.edited")
    .where("a.created_at", ">=", since)
    .groupBy(["u.id", "u.email", "p.first_name", "p.last_name"])
    .orderBy("strings", "desc")
    .orderBy("name")
    .limit(DASHBOARD_CONTRIBUTORS)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, name: row.name ?? "", strings: Number(row.strings) }));
}

/** The project's open reviews, newest change first, with their keys and current approvals. */
export async function selectOpenReviews(db: Db, projectId: string, languages: readonly string[]) {
  const result = await sql<{
    id: string;
    title: string;
    languages_done: string[];
    keys: number;
    approved: number;
  }>`
    select r.id, r.title, r.languages_done,
      (select count(*)::int from review_keys rk where rk.review_id = r.id) as keys,
      (select count(*)::int
        from review_approvals a
        left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
        where a.review_id = r.id and a.state = 'approved' and a.language_code = any(${languages}::text[])
          and ${isCurrent}) as approved
    from reviews r
    where r.project_id = ${projectId} and r.status = 'pending'
    order by r.last_updated_at desc, r.id desc
  `.execute(db);
  return result.rows;
}

/** Every project, for the daily snapshots. */
export function selectAllProjects(db: Db): Promise<ProjectRef[]> {
  return db.selectFrom("projects").select(["id", "source_language", "languages"]).orderBy("id").execute();
}
