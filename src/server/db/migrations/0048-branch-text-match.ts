import { type Kysely, sql } from "kysely";

/**
 * Whether a key's strings on the branch being read hold a search's pattern (issue 39), for the
 * keys list's search with many matches (`keys/search.ts`), which walks the keys in order.
 *
 * On a branch that walk checked each key through the views of the key's search text (0045) and of
 * its strings (0039), and planning those views' unions, twice (main's keys and the branch's own),
 * cost 9–14 ms of each page against main's 1 ms. Only the keys the branch wrote a string of can
 * differ from main there; the others are checked in main's tables as on main, and these few call
 * this function. A PL/pgSQL function's statement is planned once per connection and kept, and
 * hides the views from the page's plan. It reads the views of `sprog_branch` by name, so it holds
 * on any connection (on main's, whose chain is empty, they are main's rows).
 */
const statements = [
  `create function sprog_branch.strings_hold(of_key uuid, pattern text, languages text[]) returns boolean
    language plpgsql stable as $$
    begin
      return exists (
        select 1 from sprog_branch.translation_strings s
        where s.key_id = of_key and s.language_code = any(languages) and s.value <> '' and s.value ilike pattern);
    end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
