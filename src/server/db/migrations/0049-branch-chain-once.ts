import { type Kysely, sql } from "kysely";

/**
 * A branch's views read their chain once per statement (issue 39).
 *
 * The views of `sprog_branch` (0039, 0045, 0047) name the chain as `sprog_branch.chain()`, a SQL
 * function PostgreSQL inlines as an expression: reading the setting `sprog.branches` and parsing
 * it into a uuid[] again for every row a filter looks at. A view's lookup of the branch's rows
 * (`not in (select … from branch_strings b where b.branch_id = any(chain))`) so cost 1.5–2.2 ms for
 * 1,000 rows before its first probe, in every statement that named the view; the search on a branch
 * paid it in each part of its page. As a scalar subquery, `(select sprog_branch.chain())`, the
 * chain is an InitPlan: computed once, then a parameter (an index can still use it). Measured on
 * the bench's seed (250,000 keys, a branch of 1,000 changes), a common text's page on a branch:
 * 1.13–1.19 × main's before, 1.05–1.07 × after.
 *
 * The views are rewritten in place (`create or replace view`, which keeps their INSTEAD OF triggers
 * and defaults) from their stored definitions. A later migration that makes one of them again
 * makes it with the chain named as `CHAIN_ONCE`, or runs `READ_CHAIN_ONCE` after.
 */

/** The chain of the branch being read, as an expression computed once per statement. */
export const CHAIN_ONCE = "((select sprog_branch.chain()))::uuid[]";

/** Rewrites every view of `sprog_branch` that names the chain as a per-row call. */
export const READ_CHAIN_ONCE = `do $$
  declare
    view_name text;
    definition text;
  begin
    for view_name in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'sprog_branch' and c.relkind = 'v' order by c.oid loop
      definition := pg_get_viewdef(format('sprog_branch.%I', view_name)::regclass);
      if position('sprog_branch.chain()' in definition) = 0 then continue; end if;
      -- Already an InitPlan: the call inside "(SELECT sprog_branch.chain() ...)" stays as it is.
      definition := regexp_replace(definition, '(?<!SELECT )sprog_branch\\.chain\\(\\)', '${CHAIN_ONCE}', 'g');
      execute format('create or replace view sprog_branch.%I as %s', view_name, definition);
    end loop;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(READ_CHAIN_ONCE).execute(db);
}
