import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The translation memory's lookups (issue 4): no rules here (the service checks access and decides
 * the floors and limits), only the SQL and the indexes it is written for.
 */

type Db = Kysely<DB> | Transaction<DB>;

/**
 * How many similar strings are ranked per text. Real projects have a handful above the floor; a
 * project of templated strings ("Step 1 of 20", "Step 2 of 20", …) can have thousands, and ranking
 * them all would cost seconds. Identical texts are found
 * separately, so they are never lost to the cap; among the similar ones the best of the first N
 * found win.
 */
const SUGGESTION_CANDIDATES = 1000;
const EXAMPLE_CANDIDATES = 100;
/** Identical texts ranked per text (they are deduplicated by translation afterwards). */
const IDENTICAL_CANDIDATES = 50;

/** Percent for the answer: 100 means identical, so a merely similar text tops out at 99. */
const percent = (exact: RawBuilder<unknown>, score: RawBuilder<unknown>) =>
  sql<number>`(case when ${exact} then 100 else least(99, round(${score} * 100))::int end)`;

/**
 * Runs `query` with the trigram threshold that `%` (and its index) use and a statement timeout, in
 * a transaction so the settings stay on the one connection and end with it.
 *
 * `enable_seqscan = off`: the planner prices checking `%` on a row like any comparison, but a
 * similarity costs microseconds, so a team of a few ten thousand strings looks cheaper to scan than
 * to look up in the trigram index (PostgreSQL 15), or to read through the (project, language) index
 * (PostgreSQL 18). Either computes the similarity of every string: measured on
 * 41,000 strings, 140-600 ms for one text and 13 s for a chunk of 50, against 10-140 ms and
 * 0.1-0.6 s through the index. The matching subqueries ({@link similarMatches},
 * {@link identicalMatches}) have no other access path than their team-scoped index.
 */
export function withTrigrams<T>(
  db: Kysely<DB>,
  settings: { threshold: number; timeoutMs: number },
  query: (trx: Transaction<DB>) => Promise<T>,
) {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.similarity_threshold', ${String(settings.threshold)}, true),
      set_config('enable_seqscan', 'off', true),
      set_config('statement_timeout', ${String(settings.timeoutMs)}, true)`.execute(trx);
    return query(trx);
  });
}

interface Scope {
  excludeKeyId: RawBuilder<unknown>;
  teamId: string;
  sourceLanguage: string;
  targetLanguage: string;
}

/**
 * The team's projects a lookup may take strings from: same source language, and the target language
 * among their languages. An uncorrelated subquery, so PostgreSQL computes it once per statement
 * (also inside the lateral join of the examples) and hands it to the index scan as a value.
 */
const teamProjects = (scope: Omit<Scope, "excludeKeyId">, column: RawBuilder<unknown>) => sql`(
  select coalesce(array_agg(${column}), '{}') from projects p
  where p.team_id = ${scope.teamId} and p.source_language = ${scope.sourceLanguage}
    and ${scope.targetLanguage}::text = any(p.languages)
)`;

/**
 * Source strings of the team similar (`%`) to `text`, through the index of migration 0012 on
 * (`project_id:language_code`, trigrams): the scope and the similarity are intersected inside the
 * index, so the work follows the team's own strings, not the database's. A text without trigrams
 * (only punctuation) is similar to nothing, but would make the index read all of itself: the
 * `show_trgm` condition depends on the text alone, so the planner checks it before the scan.
 */
const similarMatches = (scope: Scope, text: RawBuilder<unknown>) => sql`
  array[s.project_id::text || ':' || s.language_code]
    && ${teamProjects(scope, sql`p.id::text || ':' || p.source_language`)}
  and s.value % ${text} and s.value <> '' and cardinality(show_trgm(${text})) > 0`;

/**
 * Source strings of the team identical to `text`, through the (project, language, md5) b-tree of
 * migration 0012 (or the (project, language) one, should the planner prefer it: the team's strings
 * either way).
 */
const identicalMatches = (scope: Scope, text: RawBuilder<unknown>) => sql`
  s.project_id = any(${teamProjects(scope, sql`p.id`)}::uuid[]) and s.language_code = ${scope.sourceLanguage}
  and md5(s.value)::uuid = md5(${text})::uuid and s.value = ${text} and s.value <> ''`;

/**
 * The team's source strings that `match` ({@link similarMatches} or {@link identicalMatches}) with
 * their non-empty translation into the target language, at most `limit`: columns key_id, source,
 * translation, updated_at. The match runs in a subquery fenced with `offset 0`, so the planner can
 * reach the strings only through the index of that condition (the language, key and project
 * filters outside repeat the scope, so no answer depends on an index expression); the limit counts
 * only strings that pass the filters.
 */
function teamMatches(args: Scope & { match: RawBuilder<unknown>; limit: number; checkedOnly?: boolean }) {
  return sql`(
    select s.key_id, s.value as source, t.value as translation, t.updated_at
    from (
      select s.key_id, s.project_id, s.language_code, s.value
      from translation_strings s
      where ${args.match}
      offset 0
    ) s
    join projects p on p.id = s.project_id
    join translation_strings t on t.key_id = s.key_id and t.language_code = ${args.targetLanguage}
    where s.language_code = ${args.sourceLanguage} and s.key_id <> ${args.excludeKeyId}
      and p.team_id = ${args.teamId} and p.source_language = ${args.sourceLanguage}
      and ${args.targetLanguage}::text = any(p.languages)
      and t.value <> ''${args.checkedOnly ? sql` and t.machine is null` : sql``}
    limit ${args.limit}
  )`;
}

/**
 * Whether the team has any translation into the target language that a person wrote or checked,
 * in the projects a lookup may take from. Without one, an examples lookup can only find nothing,
 * yet it would rank every similar source string first: a project of templated strings being
 * batch-translated for the first time spent 0.6-4 s per chunk of 50 on that (issue 31).
 */
export async function hasCheckedTranslations(db: Db, scope: Omit<Scope, "excludeKeyId">): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (
      select 1 from translation_strings t
      where t.project_id = any(${teamProjects(scope, sql`p.id`)}::uuid[])
        and t.language_code = ${scope.targetLanguage} and t.value <> '' and t.machine is null
    ) as found
  `.execute(db);
  return rows[0]?.found === true;
}

/** The key's text in `language` ('' when the cell is empty). */
export async function selectText(db: Db, keyId: string, language: string): Promise<string> {
  const source = await db
    .selectFrom("translation_strings")
    .select("value")
    .where("key_id", "=", keyId)
    .where("language_code", "=", language)
    .executeTakeFirst();
  return source?.value ?? "";
}

export interface SuggestionRow {
  key_id: string;
  key_name: string;
  project_name: string;
  source: string;
  translation: string;
  similarity: number;
}

/**
 * Up to `limit` translations of the team for source texts identical or similar to `text` (never the
 * key itself), one per translation (its best match), identical ones first, then by similarity.
 * Run it {@link withTrigrams}: the similarity floor is the threshold set there.
 */
export async function selectSuggestions(
  trx: Transaction<DB>,
  lookup: { keyId: string; teamId: string; sourceLanguage: string; targetLanguage: string; text: string },
  limit: number,
): Promise<SuggestionRow[]> {
  const { text } = lookup;
  const scope = {
    excludeKeyId: sql`${lookup.keyId}::uuid`,
    teamId: lookup.teamId,
    sourceLanguage: lookup.sourceLanguage,
    targetLanguage: lookup.targetLanguage,
  };
  const result = await sql<SuggestionRow>`
    with candidates as (
      ${teamMatches({ ...scope, match: identicalMatches(scope, sql`${text}::text`), limit: IDENTICAL_CANDIDATES })}
      union all
      ${teamMatches({ ...scope, match: similarMatches(scope, sql`${text}::text`), limit: SUGGESTION_CANDIDATES })}
    ),
    best as (
      select distinct on (c.translation) c.key_id, c.source, c.translation, c.updated_at,
        c.source = ${text}::text as exact, similarity(c.source, ${text}::text) as score
      from candidates c
      order by c.translation, exact desc, score desc, c.updated_at desc
    ),
    -- Names only for the answer, not for every candidate.
    top as (
      select * from best b
      order by b.exact desc, b.score desc, b.updated_at desc, b.translation
      limit ${limit}
    )
    select b.key_id, k.key as key_name, p.name as project_name, b.source, b.translation,
      ${percent(sql`b.exact`, sql`b.score`)} as similarity
    from top b
    join translation_keys k on k.id = b.key_id
    join projects p on p.id = k.project_id
    order by b.exact desc, b.score desc, b.updated_at desc, b.translation
  `.execute(trx);
  return result.rows;
}

/**
 * Up to `perText` examples for each text (never its own key), from translations people wrote or
 * checked, one per translation, best first; one statement (unnest + lateral) for all the texts.
 * Run it {@link withTrigrams}: the similarity floor is the threshold set there.
 */
export async function selectExamples(
  trx: Transaction<DB>,
  lookup: {
    teamId: string;
    sourceLanguage: string;
    targetLanguage: string;
    texts: readonly { keyId: string; text: string }[];
  },
  perText: number,
) {
  const { texts, ...languages } = lookup;
  const scope = { excludeKeyId: sql`q.key_id`, ...languages };
  const result = await sql<{ key_id: string; source: string; translation: string; similarity: number }>`
    select q.key_id, m.source, m.translation, m.similarity
    from unnest(${texts.map((entry) => entry.keyId)}::uuid[], ${texts.map((entry) => entry.text)}::text[])
      as q(key_id, text)
    cross join lateral (
      select d.source, d.translation, ${percent(sql`d.exact`, sql`d.score`)} as similarity
      from (
        select distinct on (c.translation) c.source, c.translation,
          c.source = q.text as exact, similarity(c.source, q.text) as score
        from (
          ${teamMatches({ ...scope, match: identicalMatches(scope, sql`q.text`), limit: IDENTICAL_CANDIDATES, checkedOnly: true })}
          union all
          ${teamMatches({ ...scope, match: similarMatches(scope, sql`q.text`), limit: EXAMPLE_CANDIDATES, checkedOnly: true })}
        ) c
        order by c.translation, exact desc, score desc
      ) d
      order by d.exact desc, d.score desc, d.translation
      limit ${perText}
    ) m
    order by q.key_id, m.similarity desc, m.translation
  `.execute(trx);
  return result.rows;
}
