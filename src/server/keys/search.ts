import { type RawBuilder, sql } from "kysely";
import { searchesText } from "../../shared/schemas/keys.ts";
import { currentBranch } from "../db/branch-scope.ts";
import { containsPattern } from "../db/sql.ts";
import { type Db, type KeyFilter, type ListedRow, selectKeyRows } from "./queries.ts";

/**
 * The keys list's search (`?q=`, issue 18): keys whose name, or whose string in any of the
 * project's languages, contains the text, case-insensitively. `ilike '%text%'` is served by trigram
 * indexes that start at the project, so a search costs what the project's own matches cost, not
 * every team's:
 * - key names: `translation_keys_search_trgm_idx` (migration 0014), over (project, trigrams);
 * - strings: `translation_strings_memory_trgm_idx` (migration 0012, the translation memory's), over
 *   (`project:language`, trigrams) of the non-empty strings.
 *
 * Two ways to read a page, chosen by how many matches there are (counted up to `cap`):
 * - few: the matching key ids come from the indexes, then that set is sorted by name and cut. Its
 *   cost follows the number of matches, so a rare text in 250,000 keys answers in milliseconds.
 * - many: the keys are walked in name order and each is checked, until the page is full. With that
 *   many matches a page fills after a short walk, whereas collecting and sorting every match (a
 *   text found in half the strings) would take seconds. A key is checked against its search text
 *   (`key_search_texts`, migration 0026: one row per key) and only then against its strings.
 *   Texts shorter than 3 characters have no trigrams: they are usually found everywhere, and take
 *   this way too once counted.
 * - names: a search without three letters or digits in a row has no trigrams, so no index can find
 *   its strings: a rare one would read all 2.5 million strings of a large project (5 s). It looks at
 *   the key names only (one index, in order), and the web says so.
 *
 * On a branch (issue 39) the same statements read the branch: `translation_keys`,
 * `translation_strings` and `key_search_texts` are its views there (migrations 0039 and 0044), so a
 * text the branch wrote is found and main's text it replaced is not, whichever way the page is read.
 */

/** More matching names and strings than this: walk the keys instead of collecting the matches. */
export const FEW_MATCHES = 5000;

export interface SearchedProject {
  id: string;
  /** All of the project's languages: a search looks at every one, whatever the list shows. */
  languages: readonly string[];
}

export type SearchStrategy = "few" | "many" | "names";

/** The index scopes of the project's strings (`project:language`, as migration 0012 indexes them). */
function stringScopes(project: SearchedProject): string[] {
  return project.languages.map((language) => `${project.id}:${language}`);
}

/**
 * Matching names plus matching strings, counted up to `cap + 1` (so: "more than `cap`"). The
 * strings are counted a language at a time, each a scan of the trigram index of its own: once the
 * count is past `cap` the languages after are never read. All languages in one scan cost the union
 * of their candidates first (a common phrase: 400,000 strings of 2.5 million, 0.27 s against
 * 0.04 s for the first language alone).
 */
async function countMatches(db: Db, project: SearchedProject, pattern: string, cap: number): Promise<number> {
  // Main's own tables, on a branch too: the count only picks the way to read the pages, each of
  // which reads the branch, and a branch differs from main in a few keys (its views cost 2× here).
  const strings = stringScopes(project).map(
    (scope) => sql`(select key_id from public.translation_strings
        where array[project_id::text || ':' || language_code] && ${[scope]}::text[]
          and value <> '' and value ilike ${pattern})`,
  );
  const result = await sql<{ matches: number }>`
    select count(*)::int as matches from (
      (select id from public.translation_keys
        where array[project_id::text] && ${[project.id]}::text[] and key ilike ${pattern})
      ${sql.join(
        strings.map((branch) => sql`union all ${branch}`),
        sql` `,
      )}
      limit ${cap + 1}
    ) hits
  `.execute(db);
  return Number(result.rows[0]?.matches ?? 0);
}

/** The ids of the keys whose name or a string holds `pattern`, from the trigram indexes. */
function fewMatches(project: SearchedProject, pattern: string): RawBuilder<unknown> {
  return sql`select id from translation_keys
      where array[project_id::text] && ${[project.id]}::text[] and key ilike ${pattern}
    union
    select key_id from translation_strings
      where array[project_id::text || ':' || language_code] && ${stringScopes(project)}::text[]
        and value <> '' and value ilike ${pattern}`;
}

/** The condition on `translation_keys` that keeps the matches, in the way `strategy` reads them. */
function matchCondition(
  project: SearchedProject,
  pattern: string,
  strategy: SearchStrategy,
): RawBuilder<unknown> {
  if (strategy === "names") return sql`key ilike ${pattern}`;
  if (strategy === "few") return sql`id in (${fewMatches(project, pattern)})`;
  // The key's search text (migration 0026) first: one row (rarely a few), where its strings are one
  // row each on pages of their own. Only a key whose text holds the pattern has its strings read.
  // Written so that PostgreSQL walks and cannot collect: a CASE, as from an OR it would check the
  // strings of every key passed; scalar subqueries with a limit, as an EXISTS may be run once as
  // a hash of every matching string of the project (183,000 of them for "fichiers": 0.45 s
  // instead of 0.04 s).
  return sql`(case
      when key ilike ${pattern} then true
      when coalesce((select true from key_search_texts t
          where t.key_id = translation_keys.id and t.text like lower(${pattern}) limit 1), false)
        then coalesce((
        select true from translation_strings s
        where s.key_id = translation_keys.id and s.language_code = any(${[...project.languages]}::text[])
          and s.value <> '' and s.value ilike ${pattern}
        limit 1), false)
      else false end)`;
}

/** How to read the pages of a search in `project` (count once, read many pages). */
export async function searchStrategy(
  db: Db,
  project: SearchedProject,
  text: string,
  cap = FEW_MATCHES,
): Promise<SearchStrategy> {
  if (!searchesText(text)) return "names";
  return (await countMatches(db, project, containsPattern(text), cap)) > cap ? "many" : "few";
}

/**
 * The `match` of a key filter for a search of `text` read the `strategy` way. On a branch a few
 * matches are collected first, once: the branch's page reads main's keys and the branch's own apart
 * (`selectKeyRows`), and a condition given there runs in each (a rare text at 250,000 keys: 1.71×
 * main's time with the search run twice through the views).
 */
export async function searchFilter(
  db: Db,
  project: SearchedProject,
  text: string,
  strategy: SearchStrategy,
): Promise<RawBuilder<unknown>> {
  const pattern = containsPattern(text);
  if (strategy !== "few" || !currentBranch()) return matchCondition(project, pattern, strategy);
  const found = await sql<{ id: string }>`${fewMatches(project, pattern)}`.execute(db);
  return sql`id = any(${found.rows.map((row) => row.id)}::uuid[])`;
}

/** One page of a search: the rows of `selectKeyRows`, with the way they were read. */
export async function searchKeyRows(
  db: Db,
  project: SearchedProject,
  languages: string[],
  text: string,
  page: Omit<KeyFilter, "match"> & { cap?: number },
): Promise<{ rows: ListedRow[]; strategy: SearchStrategy }> {
  const { cap, ...filter } = page;
  const strategy = await searchStrategy(db, project, text, cap);
  const rows = await selectKeyRows(db, project.id, languages, {
    ...filter,
    match: await searchFilter(db, project, text, strategy),
  });
  return { rows, strategy };
}
