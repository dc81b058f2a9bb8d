import { type Kysely, sql } from "kysely";
import { newCells, noKeys, oldCells } from "./0015-language-counts.ts";
import { SEARCH_TEXT_TRIGGERS } from "./0026-key-search-texts.ts";
import { countsTrigger, searchTextsTrigger } from "./0027-trigger-plans.ts";

/**
 * An update of strings that changes no text (their stored quality checks written again, issue 21)
 * changes neither the completion counts nor the search texts: their update triggers stop at once.
 * Rechecking 5,000 translations whose source changed (a merge of a branch, issue 39; a glossary
 * change) spent 1 s of its 2.2 s in these triggers finding nothing to do. A column list on the
 * triggers would say it better, but PostgreSQL takes none on a trigger with transition tables.
 */
// A set difference, hashed whatever the rows' count: transition tables have no statistics, and a
// join of them was planned as a nested loop (5,000 rows: 5 s).
const NO_TEXT_CHANGED = `if not exists (
    select id, value from new_rows except all select id, value from old_rows
  ) then
    return null;
  end if;`;

/** The function's body with the early return first. */
function stopWithoutTextChange(definition: string): string {
  const at = definition.indexOf("begin\n");
  if (at < 0) throw new Error("a trigger function without begin");
  return `${definition.slice(0, at)}begin\n  ${NO_TEXT_CHANGED}\n${definition.slice(at + "begin\n".length)}`;
}

const updated = SEARCH_TEXT_TRIGGERS.find((trigger) => trigger.name === "updated");
if (!updated) throw new Error("key_search_texts has no update trigger");

const statements = [
  stopWithoutTextChange(
    countsTrigger(
      "language_counts_strings_updated",
      "new_rows",
      `${oldCells} union all ${newCells}`,
      noKeys,
      {
        fresh: true,
      },
    ),
  ),
  stopWithoutTextChange(searchTextsTrigger(updated)),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
