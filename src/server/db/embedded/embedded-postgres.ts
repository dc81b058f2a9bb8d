import { Worker } from "node:worker_threads";
import { DatabaseUnavailableError } from "../errors.ts";
import { QueryAbandonedError } from "../query-scope.ts";
import { errorFrom, type OpenOptions, type QueryResult, type Reply, type Request } from "./protocol.ts";

const THREAD_ENTRY = new URL("./pglite-thread-boot.mjs", import.meta.url);

type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** The rows of a large result, as its parts arrive. */
  rows?: Record<string, unknown>[];
}

/**
 * The embedded PostgreSQL (PGlite) on a thread of its own (`pglite-thread.ts`), so that a long
 * query holds that thread rather than every request of the server. The app's Kysely dialect, the
 * job queue and live events all talk to this one instance.
 */
export class EmbeddedPostgres {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #nextTransaction = 1;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply) => this.#receive(reply));
    worker.on("error", (error) => this.#stopped(error));
    worker.on("exit", (code) =>
      this.#stopped(new Error(`the embedded database thread stopped (exit code ${code})`)),
    );
  }

  static async open(options: OpenOptions = {}): Promise<EmbeddedPostgres> {
    const worker = new Worker(THREAD_ENTRY, { workerData: options });
    let onMessage: (reply: Reply) => void = () => {};
    let onError: (error: Error) => void = () => {};
    let onExit: (code: number) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      onMessage = (reply) => {
        if (reply.kind === "ready") resolve();
        else if (reply.kind === "failed") reject(errorFrom(reply.error));
      };
      onError = reject;
      onExit = (code) => reject(new Error(`the embedded database thread stopped (exit code ${code})`));
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    });
    try {
      await ready;
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
    }
    worker.unref();
    return new EmbeddedPostgres(worker);
  }

  /** False once closed or its thread stopped: every call then fails as "database unavailable". */
  get ready(): boolean {
    return !this.#closed;
  }

  /**
   * One statement, in transaction `tx` or on its own. With `signal`, a statement still waiting its
   * turn when the signal aborts is dropped and fails with `QueryAbandonedError`.
   */
  query<R>(
    sql: string,
    params: unknown[] = [],
    options: { tx?: number | undefined; signal?: AbortSignal | undefined } = {},
  ): Promise<{ rows: R[]; affectedRows?: number }> {
    return this.#call({ op: "query", sql, params, tx: options.tx }, options.signal) as Promise<{
      rows: R[];
      affectedRows?: number;
    }>;
  }

  exec(sql: string, tx?: number): Promise<QueryResult[]> {
    return this.#call({ op: "exec", sql, tx }) as Promise<QueryResult[]>;
  }

  /** Opens a transaction (once it holds the database) and returns its handle for `query`/`exec`/`end`. */
  async begin(setup?: string): Promise<number> {
    const tx = this.#nextTransaction++;
    await this.#call({ op: "begin", tx, setup });
    return tx;
  }

  async end(tx: number, outcome: "commit" | "rollback"): Promise<void> {
    await this.#call({ op: "end", tx, outcome });
  }

  /** Calls `listener` with each NOTIFY payload on `channel`; returns the unsubscribe. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#call({ op: "listen", channel });
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size > 0 || this.#listeners.get(channel) !== set) return;
      this.#listeners.delete(channel);
      if (!this.#closed) await this.#call({ op: "unlisten", channel });
    };
  }

  /** The whole database as a tarball (a template other instances start from). */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#call({ op: "dump" }) as Promise<Uint8Array>;
  }

  async close(): Promise<void> {
    if (this.#closed) throw new DatabaseUnavailableError("The embedded database is already closed");
    try {
      await this.#call({ op: "close" });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #call(call: Call, signal?: AbortSignal): Promise<unknown> {
    if (this.#closed) return Promise.reject(new DatabaseUnavailableError("The embedded database is closed"));
    if (signal?.aborted) return Promise.reject(new QueryAbandonedError());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const cancel = () => this.#worker.postMessage({ op: "cancel", target: id } satisfies Request);
      signal?.addEventListener("abort", cancel, { once: true });
      this.#pending.set(id, {
        resolve: (value) => {
          signal?.removeEventListener("abort", cancel);
          resolve(value);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", cancel);
          reject(error);
        },
      });
      // Only work under way keeps the process alive: an idle database never holds a process open.
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage({ ...call, id } as Request);
    });
  }

  #receive(reply: Reply) {
    if (reply.kind === "notify") {
      for (const listener of this.#listeners.get(reply.channel) ?? []) listener(reply.payload);
      return;
    }
    if (reply.kind !== "result" && reply.kind !== "rows") return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    if (reply.kind === "rows") {
      if (pending.rows) pending.rows.push(...reply.rows);
      else pending.rows = reply.rows;
      return;
    }
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok && pending.rows) pending.resolve({ ...(reply.value as QueryResult), rows: pending.rows });
    else if (reply.ok) pending.resolve(reply.value);
    else if (reply.cancelled) pending.reject(new QueryAbandonedError());
    else pending.reject(errorFrom(reply.error));
  }

  #stopped(cause: Error) {
    this.#closed = true;
    for (const pending of this.#pending.values()) {
      pending.reject(new DatabaseUnavailableError("The embedded database stopped", { cause }));
    }
    this.#pending.clear();
  }
}
