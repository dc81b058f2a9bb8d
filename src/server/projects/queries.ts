import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from "kysely";
import { selectBranchCountsDelta } from "../branches/counts-delta.ts";
import { currentBranch } from "../db/branch-scope.ts";
import type { DB, ProjectsTable } from "../db/schema.ts";

/** Reads and writes of projects: no rules here (the service checks access first), only the queries. */

type Db = Kysely<DB> | Transaction<DB>;

export interface CompletionRow {
  code: string;
  total: number;
  /** Filled cells, machine output included. */
  translated: number;
  missing: number;
  /** Filled cells an AI wrote that no person has checked yet. */
  unverified: number;
  /** Filled cells of pseudo-localization: never a translation. */
  pseudo: number;
}

export async function selectTeamProjects(db: Db, teamId: string) {
  return db.selectFrom("projects").selectAll().where("team_id", "=", teamId).execute();
}

export async function insertProject(db: Db, values: Insertable<ProjectsTable>) {
  return db.insertInto("projects").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Every change of a project is a change of its `updated_at` too. */
export async function updateProject(
  db: Db,
  projectId: string,
  changes: Pick<Updateable<ProjectsTable>, "name" | "placeholder_format" | "languages" | "disabled_checks">,
) {
  return db
    .updateTable("projects")
    .set({ ...changes, updated_at: new Date() })
    .where("id", "=", projectId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteProject(db: Db, projectId: string) {
  await db.deleteFrom("projects").where("id", "=", projectId).execute();
}

/** A project's kept counts are folded into one row per language once it has more rows than this. */
export const FOLD_COUNTS_AT = 32;

/**
 * Per language, the counted keys (translatable, not JSON), those translated, and those missing: a
 * missing source text, or a translation missing where the source text is there. Read from the
 * counts the triggers keep (migration 0015): the sums of a few rows, never the keys or strings.
 */
export async function selectCompletion(
  db: Db,
  projectId: string,
  source: string,
  languages: string[],
): Promise<CompletionRow[]> {
  const result = await sql<{
    language_code: string | null;
    keys: number;
    filled: number;
    filled_with_source: number;
    rows: number;
  }>`
    select language_code, sum(keys)::int as keys, sum(filled)::int as filled,
      sum(filled_with_source)::int as filled_with_source, count(*)::int as rows
    from language_counts
    where project_id = ${projectId}
    group by language_code
  `.execute(db);
  // On a branch: main's counts, and the difference the branch's own keys make (issue 39).
  const branch = currentBranch();
  const sums = branch
    ? withBranchDelta(result.rows, await selectBranchCountsDelta(db, projectId, branch.chain, source))
    : result.rows;
  const machine = await selectMachineCounts(db, projectId);
  if (sums.reduce((all, row) => all + Number(row.rows), 0) > FOLD_COUNTS_AT) await foldCounts(db, projectId);
  const total = Number(sums.find((row) => row.language_code === null)?.keys ?? 0);
  const of = (code: string) => sums.find((row) => row.language_code === code);
  const sourceFilled = Number(of(source)?.filled ?? 0);
  return languages.map((code) => {
    const translated = Number(of(code)?.filled ?? 0);
    const withSource = Number(of(code)?.filled_with_source ?? 0);
    return {
      code,
      total,
      translated,
      missing: code === source ? total - sourceFilled : sourceFilled - withSource,
      unverified: machine.get(`${code}\u0000ai`) ?? 0,
      pseudo: machine.get(`${code}\u0000pseudo`) ?? 0,
    };
  });
}

function withBranchDelta<
  T extends {
    language_code: string | null;
    keys: number;
    filled: number;
    filled_with_source: number;
    rows: number;
  },
>(
  sums: readonly T[],
  delta: readonly {
    language_code: string | null;
    keys: number;
    filled: number;
    filled_with_source: number;
  }[],
): T[] {
  const out = sums.map((row) => ({ ...row }));
  for (const change of delta) {
    const row = out.find((r) => r.language_code === change.language_code);
    if (row) {
      row.keys = Number(row.keys) + change.keys;
      row.filled = Number(row.filled) + change.filled;
      row.filled_with_source = Number(row.filled_with_source) + change.filled_with_source;
    } else {
      out.push({ ...change, rows: 0 } as T);
    }
  }
  return out;
}

/**
 * Machine-written cells per language and kind, of counted keys (issue 19). Few in a checked
 * project; the partial index of migration 0016 reads only these.
 */
async function selectMachineCounts(db: Db, projectId: string): Promise<Map<string, number>> {
  const result = await sql<{ language_code: string; machine: string; n: number }>`
    select s.language_code, s.machine, count(*)::int as n
    from translation_strings s
    join translation_keys k on k.id = s.key_id
    where s.project_id = ${projectId} and s.machine is not null and s.value <> ''
      and k.translatable and k.value_type is null
    group by s.language_code, s.machine
  `.execute(db);
  return new Map(result.rows.map((row) => [`${row.language_code}\u0000${row.machine}`, Number(row.n)]));
}

/**
 * One row per language instead of one per write. Rows another transaction adds meanwhile are not
 * seen, so stay; a row two folds both see is taken by the first (the second's delete skips it).
 */
async function foldCounts(db: Db, projectId: string) {
  await sql`
    with gone as (delete from language_counts where project_id = ${projectId} returning *)
    insert into language_counts (project_id, language_code, keys, filled, filled_with_source)
    select project_id, language_code, sum(keys), sum(filled), sum(filled_with_source)
    from gone
    group by project_id, language_code
  `.execute(db);
}

/** Source texts read at most to tell how a project writes placeholders. */
export const PLACEHOLDER_SAMPLE_SIZE = 500;

/**
 * Up to PLACEHOLDER_SAMPLE_SIZE of the project's source texts that may hold a placeholder (a
 * brace, bracket or percent sign), with their keys, in key order.
 */
export async function selectPlaceholderTexts(db: Db, projectId: string, sourceLanguage: string) {
  const result = await sql<{ key: string; text: string }>`
    select k.key, s.value as text
    from translation_strings s
    join translation_keys k on k.id = s.key_id
    where s.project_id = ${projectId} and s.language_code = ${sourceLanguage}
      and (strpos(s.value, '{') > 0 or strpos(s.value, '[') > 0 or strpos(s.value, '%') > 0)
    order by k.key collate "C"
    limit ${PLACEHOLDER_SAMPLE_SIZE}
  `.execute(db);
  return result.rows;
}
