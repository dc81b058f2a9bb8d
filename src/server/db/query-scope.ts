import { AsyncLocalStorage } from "node:async_hooks";
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

/**
 * The signal of the request a query is for, so that a request whose client went away stops its
 * work: its next read fails with `QueryAbandonedError` instead of running.
 *
 * Only reads: a write outside a transaction runs to its end, so that a request cut off half-way
 * never leaves half a change (a saved string without its live event, say).
 */
const scope = new AsyncLocalStorage<AbortSignal>();

export class QueryAbandonedError extends Error {
  override name = "QueryAbandonedError";
  constructor() {
    super("The request was abandoned (its client went away) before this query ran");
  }
}

export function withQuerySignal<T>(signal: AbortSignal, run: () => T): T {
  return scope.run(signal, run);
}

const WRITES =
  /\b(insert|update|delete|merge|truncate|create|alter|drop|copy|lock|notify|pg_notify|nextval|setval)\b/i;

/** A statement that changes nothing: a SELECT, or raw SQL that reads (`select …`, `with … select`). */
export function readsOnly(node: RootOperationNode): boolean {
  if (node.kind === "SelectQueryNode") return true;
  // pg-boss's Kysely adapter sends `{ kind: "RawNode" }` with the SQL beside it, not in the node:
  // nothing to tell it by, so it is taken as a write (never cut off).
  if (node.kind !== "RawNode" || !Array.isArray(node.sqlFragments)) return false;
  const text = node.sqlFragments.join(" ").trimStart();
  return /^(select|with)\b/i.test(text) && !WRITES.test(text);
}

/** The signal a read should stop on: the request's, for a read outside a transaction. */
export function abandonSignalFor(node: RootOperationNode, inTransaction: boolean): AbortSignal | undefined {
  return !inTransaction && readsOnly(node) ? scope.getStore() : undefined;
}

/**
 * Fails a read of an abandoned request before it is sent, on either database. Inside a transaction
 * that rolls the whole transaction back: no half change either way.
 */
export class AbandonedReadsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (readsOnly(args.node) && scope.getStore()?.aborted) throw new QueryAbandonedError();
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
