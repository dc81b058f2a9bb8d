import { type RawBuilder, sql } from "kysely";
import { searchesText } from "../../shared/schemas/keys.ts";
import { currentBranch, onMain } from "../db/branch-scope.ts";
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
 * - few: the matching key ids come from the indexes (the same read that counts them), then the
 *   keys of that set are sorted by name and cut. Its cost follows the number of matches, so a rare
 *   text in 250,000 keys answers in milliseconds.
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
 * `translation_strings` and `key_search_texts` are its views there (migrations 0039 and 0045), so a
 * text the branch wrote is found and main's text it replaced is not, whichever way the page is read.
 * Few matches are collected from main's tables and then, for the keys the branch touched, found
 * again through its views (`onBranch`); when it touched none of them, their page is main's own and
 * is read from main's tables (`SearchMatch.untouched`).
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
 * The keys of the matching names plus matching strings, up to `cap + 1` of them (so: "more than
 * `cap`"; a key found twice counts twice). The strings are read a language at a time, each a scan
 * of the trigram index of its own: once past `cap` the languages after are never read. All
 * languages in one scan cost the union of their candidates first (a common phrase: 400,000
 * strings of 2.5 million, 0.27 s against 0.04 s for the first language alone). The ids are what a
 * page of few matches is then read by: the search is not run a second time.
 */
async function collectMatches(
  db: Db,
  project: SearchedProject,
  pattern: string,
  cap: number,
): Promise<string[]> {
  // Main's own tables, on a branch too: a branch differs from main in a few keys, which
  // `onBranch` looks at again through its views (which cost 2× here).
  const strings = stringScopes(project).map(
    (scope) => sql`(select key_id from public.translation_strings
        where array[project_id::text || ':' || language_code] && ${[scope]}::text[]
          and value <> '' and value ilike ${pattern})`,
  );
  const result = await sql<{ id: string }>`
    (select id from public.translation_keys
      where array[project_id::text] && ${[project.id]}::text[] and key ilike ${pattern})
    ${sql.join(
      strings.map((branch) => sql`union all ${branch}`),
      sql` `,
    )}
    limit ${cap + 1}
  `.execute(db);
  return result.rows.map((row) => row.id);
}

/**
 * Main's matching keys as the branch being read has them: those it has no row of as they are, and
 * the ones it touched found again through its views, among main's matches and the branch's own
 * rows that hold the pattern. Which matches the branch touched is looked up per match in its
 * indexes, in the statement that finds its own rows: reading every key it touched cost 4–7 ms and
 * a thousand ids sent over for a handful of matches. Its views are then read for these few keys
 * only, by id. The chain is the scope's, a parameter read once, not a setting parsed per row.
 */
async function onBranch(
  db: Db,
  project: SearchedProject,
  pattern: string,
  matches: readonly string[],
  chain: readonly string[],
): Promise<{ kept: string[]; found: string[] }> {
  const rows = await sql<{ id: string; touched: boolean }>`
    select m.id, exists (select from public.branch_keys b where b.branch_id = any(${chain}::uuid[]) and b.id = m.id)
        or exists (select from public.branch_strings s where s.branch_id = any(${chain}::uuid[]) and s.key_id = m.id)
        as touched
      from unnest(${matches}::uuid[]) as m(id)
    union
    select id, true from public.branch_keys
      where branch_id = any(${chain}::uuid[]) and not deleted and key ilike ${pattern}
    union
    select key_id, true from public.branch_strings
      where branch_id = any(${chain}::uuid[]) and not deleted and value ilike ${pattern}
  `.execute(db);
  const kept = rows.rows.filter((row) => !row.touched).map((row) => row.id);
  const ids = rows.rows.filter((row) => row.touched).map((row) => row.id);
  if (ids.length === 0) return { kept, found: [] };
  const found = await sql<{ id: string }>`
    select id from translation_keys where id = any(${ids}::uuid[]) and key ilike ${pattern}
    union
    select key_id from translation_strings
      where key_id = any(${ids}::uuid[]) and language_code = any(${[...project.languages]}::text[])
        and value <> '' and value ilike ${pattern}
  `.execute(db);
  return { kept, found: found.rows.map((row) => row.id) };
}

/** The condition on `translation_keys` that keeps the matches of a name or many-matches search. */
function matchCondition(
  project: SearchedProject,
  pattern: string,
  strategy: Exclude<SearchStrategy, "few">,
  chain: readonly string[] | undefined,
): RawBuilder<unknown> {
  if (strategy === "names") return sql`key ilike ${pattern}`;
  const languages = [...project.languages];
  // On a branch, a key it wrote a string of is checked against its strings as it has them, by a
  // function (migration 0048) whose plan the connection keeps; every other key has main's strings
  // and main's search text, and is checked in main's tables. The views themselves here cost more
  // to plan than main's whole page (9–14 ms: each part of the page plans them).
  const branchWrote = chain
    ? sql`when translation_keys.id in (
          select b.key_id from public.branch_strings b where b.branch_id = any(${chain}::uuid[]))
        then sprog_branch.strings_hold(translation_keys.id, ${pattern}, ${languages}::text[])`
    : sql``;
  const tables = chain ? sql`public.` : sql``;
  // The key's search text (migration 0026) first: one row (rarely a few), where its strings are one
  // row each on pages of their own. Only a key whose text holds the pattern has its strings read.
  // Written so that PostgreSQL walks and cannot collect: a CASE, as from an OR it would check the
  // strings of every key passed; scalar subqueries with a limit, as an EXISTS may be run once as
  // a hash of every matching string of the project (183,000 of them for "fichiers": 0.45 s
  // instead of 0.04 s).
  return sql`(case
      when key ilike ${pattern} then true
      ${branchWrote}
      when coalesce((select true from ${tables}key_search_texts t
          where t.key_id = translation_keys.id and t.text like lower(${pattern}) limit 1), false)
        then coalesce((
        select true from ${tables}translation_strings s
        where s.key_id = translation_keys.id and s.language_code = any(${languages}::text[])
          and s.value <> '' and s.value ilike ${pattern}
        limit 1), false)
      else false end)`;
}

/** How the pages of a search are read; with few matches, their keys. */
export type SearchPlan =
  | { strategy: Exclude<SearchStrategy, "few"> }
  | { strategy: "few"; matches: readonly string[] };

/** How to read the pages of a search in `project` (look once, read many pages). */
export async function searchStrategy(
  db: Db,
  project: SearchedProject,
  text: string,
  cap = FEW_MATCHES,
): Promise<SearchPlan> {
  if (!searchesText(text)) return { strategy: "names" };
  const matches = await collectMatches(db, project, containsPattern(text), cap);
  return matches.length > cap ? { strategy: "many" } : { strategy: "few", matches };
}

/** The keys a search keeps, as the condition of a key filter. */
export interface SearchMatch {
  match: RawBuilder<unknown>;
  /**
   * On a branch: every key it keeps is one the branch (and the branches it came from) has no row
   * of, so their rows are main's own and a page of them reads main's tables (`onMain`), not the
   * branch's views (whose plans alone cost more than main's whole page). A rare text is mostly
   * found in such keys.
   */
  untouched: boolean;
}

/**
 * The keys a search of `text` keeps, read the way `plan` says. A few matches are the keys found
 * once (on a branch, as the branch has them): a rare text at 250,000 keys was searched twice, once
 * to count and once for the page (17–24 ms each here).
 */
export async function searchMatch(
  db: Db,
  project: SearchedProject,
  text: string,
  plan: SearchPlan,
): Promise<SearchMatch> {
  const pattern = containsPattern(text);
  const branch = currentBranch();
  if (plan.strategy !== "few") {
    return { match: matchCondition(project, pattern, plan.strategy, branch?.chain), untouched: false };
  }
  if (!branch) return { match: sql`id = any(${[...new Set(plan.matches)]}::uuid[])`, untouched: false };
  const { kept, found } = await onBranch(db, project, pattern, plan.matches, branch.chain);
  return {
    match: sql`id = any(${[...new Set([...kept, ...found])]}::uuid[])`,
    untouched: found.length === 0,
  };
}

/** The condition on `translation_keys` of a search of `text` read the way `plan` says. */
export async function searchFilter(
  db: Db,
  project: SearchedProject,
  text: string,
  plan: SearchPlan,
): Promise<RawBuilder<unknown>> {
  return (await searchMatch(db, project, text, plan)).match;
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
  const plan = await searchStrategy(db, project, text, cap);
  const { match, untouched } = await searchMatch(db, project, text, plan);
  const read = () => selectKeyRows(db, project.id, languages, { ...filter, match });
  const rows = untouched ? await onMain(read) : await read();
  return { rows, strategy: plan.strategy };
}
