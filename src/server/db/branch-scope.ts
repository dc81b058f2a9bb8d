import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "kysely";
import type pg from "pg";

/**
 * The branch a piece of work reads and writes (issue 39). Everything that runs inside
 * {@link onBranch} — the services, their queries, their transactions — gets connections that see
 * the branch: their `search_path` starts with the schema `sprog_branch`, whose views stand in for
 * `translation_keys`, `translation_strings` and `string_history`, and their `sprog.branches` names
 * the branch and its ancestors (migration 0039). Code outside it gets main's tables, always.
 */
export interface BranchScope {
  /** The branch written to. */
  id: string;
  name: string;
  projectId: string;
  /** The branch and the branches it came from, nearest first (main is not one). */
  chain: readonly string[];
}

const scope = new AsyncLocalStorage<BranchScope>();

export function onBranch<T>(branch: BranchScope | undefined, work: () => Promise<T>): Promise<T> {
  return branch ? scope.run(branch, work) : scope.exit(work);
}

/** The branch the current work is on; undefined on main. */
export function currentBranch(): BranchScope | undefined {
  return scope.getStore();
}

/** Work on main's own tables whatever the caller is on (a merge writes main from a branch's page). */
export function onMain<T>(work: () => Promise<T>): Promise<T> {
  return scope.exit(work);
}

/**
 * The chain of the branch a connection reads, in a statement: computed once per statement (an
 * InitPlan), as the views of `sprog_branch` name it since migration 0049. The bare function call
 * is inlined and parses the setting again for each row a filter looks at.
 */
export const BRANCH_CHAIN = sql<string[]>`((select sprog_branch.chain()))::uuid[]`;

/** The value `sprog.branches` holds for a scope: a PostgreSQL uuid[] literal; "" on main. */
function settingOf(branch: BranchScope | undefined): string {
  return branch ? `{${branch.chain.join(",")}}` : "";
}

const SETTING = Symbol("sprog.branches");
type ScopedClient = pg.PoolClient & { [SETTING]?: string };

/**
 * A pool whose connections are set for the scope of whoever checks one out. A connection keeps its
 * setting while it is reused in the same scope (no round trip); one that comes back for another
 * scope is set again first, and one that cannot be set is thrown away rather than reused.
 */
export function branchScopedPool(pool: pg.Pool) {
  return {
    async connect(): Promise<pg.PoolClient> {
      const wanted = settingOf(currentBranch());
      const client = (await pool.connect()) as ScopedClient;
      if ((client[SETTING] ?? "") === wanted) return client;
      try {
        if (wanted) {
          // JIT compiling and parallel workers are off on a branch: the views' plans cost more than
          // main's and crossed jit_above_cost, where compiling took seconds for queries that run in
          // milliseconds; and a branch's reads are lookups of its few keys, where starting workers
          // cost more than it saved (completion counts at 250,000 keys: 600 ms with, 50 ms without).
          // Main's counts, read beside them, keep their workers (onMain).
          await client.query(
            "select set_config('search_path', 'sprog_branch, public', false), set_config('sprog.branches', $1, false), set_config('jit', 'off', false), set_config('max_parallel_workers_per_gather', '0', false)",
            [wanted],
          );
        } else {
          await client.query(
            "reset search_path; reset sprog.branches; reset jit; reset max_parallel_workers_per_gather",
          );
        }
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client[SETTING] = wanted;
      return client;
    },
    end: () => pool.end(),
  };
}
