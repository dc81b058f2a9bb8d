/**
 * The messages between the app and the embedded database's thread (`pglite-thread.ts`). PGlite runs
 * its queries synchronously in WebAssembly; on its own thread a long query no longer holds HTTP, live
 * events and small queries of the app's thread.
 */

/** What the thread needs to open the database: a folder, or in memory from a dump (tests' template). */
export interface OpenOptions {
  /** PGlite's data folder (`<DATA_DIR>/pgdata`); undefined: in memory. */
  dataDir?: string | undefined;
  /** A `pglite.dumpDataDir()` tarball to start from (a fresh in-memory database only). */
  loadDataDir?: Uint8Array | undefined;
}

export type Request =
  | { op: "query"; id: number; sql: string; params: unknown[]; tx?: number | undefined }
  | { op: "exec"; id: number; sql: string; tx?: number | undefined }
  /** Opens a transaction; the answer comes when it has started and holds the database. */
  | { op: "begin"; id: number; tx: number; setup?: string | undefined }
  | { op: "end"; id: number; tx: number; outcome: "commit" | "rollback" }
  | { op: "listen"; id: number; channel: string }
  | { op: "unlisten"; id: number; channel: string }
  | { op: "dump"; id: number }
  | { op: "close"; id: number }
  /** The caller gave up (its client went away): drop the operation if it has not started. */
  | { op: "cancel"; target: number };

export interface QueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number | undefined;
}

/** An error's message and its own fields (SQLSTATE `code`, `constraint`, `detail`…), which a clone drops. */
export interface ErrorFields {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

export type Reply =
  | { kind: "ready" }
  | { kind: "failed"; error: ErrorFields }
  /** Part of a large result's rows, sent ahead of its `result` so no one message is large. */
  | { kind: "rows"; id: number; rows: Record<string, unknown>[] }
  | { kind: "result"; id: number; ok: true; value: unknown }
  | { kind: "result"; id: number; ok: false; error: ErrorFields; cancelled?: boolean }
  | { kind: "notify"; channel: string; payload: string };

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", fields: {} };
  const fields: ErrorFields["fields"] = {};
  for (const [name, value] of Object.entries(error)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      fields[name] = value;
  }
  return { message: error.message, name: error.name, fields };
}

export function errorFrom(fields: ErrorFields): Error {
  const error = Object.assign(new Error(fields.message), fields.fields);
  if (fields.name !== "Error") Object.defineProperty(error, "name", { value: fields.name });
  return error;
}
