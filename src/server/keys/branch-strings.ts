import { type RawBuilder, sql } from "kysely";
import { BRANCH_CHAIN } from "../db/branch-scope.ts";

/** The columns of a string the Overview's filters and counts read (filters.ts). */
const COLUMNS = ["key_id", "project_id", "language_code", "value", "machine", "updated_at"];

/**
 * The strings of some keys (`keys`, a branch's own) in one language as the branch has them, as a
 * table to join: what `translation_strings` is on a branch's connection (migration 0039), read for
 * these keys only. The view reads main's row of each key first and then drops those the branch
 * replaced, fetching rows it throws away (at 1,000 changed keys, 900 pages a language for none
 * kept); here the keys whose main row stands are found from the branch's rows first, so only
 * their rows are fetched. The branch's own rows are the nearest branch's of the chain, as there.
 */
export function branchStringsOf(keys: readonly string[], language: string): RawBuilder<unknown> {
  const columns = (alias: string) => sql.join(COLUMNS.map((column) => sql.ref(`${alias}.${column}`)));
  return sql`(
    select ${columns("s")} from public.translation_strings s
    where s.language_code = ${language}
      and s.key_id = any(array(
        select unnest(${[...keys]}::uuid[])
        except
        select b.key_id from public.branch_strings b where b.branch_id = any(${BRANCH_CHAIN}) and b.language_code = ${language}
        except
        select d.id from public.branch_keys d where d.branch_id = any(${BRANCH_CHAIN}) and d.deleted))
    union all
    select ${columns("b")} from public.branch_strings b
    where b.branch_id = any(${BRANCH_CHAIN}) and b.language_code = ${language} and not b.deleted
      and b.key_id = any(${[...keys]}::uuid[])
      and not exists (
        select 1 from public.branch_strings c
        where c.branch_id = any(${BRANCH_CHAIN}) and c.key_id = b.key_id and c.language_code = b.language_code
          and array_position(${BRANCH_CHAIN}, c.branch_id) < array_position(${BRANCH_CHAIN}, b.branch_id))
  )`;
}
