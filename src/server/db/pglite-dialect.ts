import type { PGlite, Transaction } from "@electric-sql/pglite";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { DatabaseUnavailableError } from "./errors.ts";

type Queryable = Pick<PGlite, "query"> | Pick<Transaction, "query">;

/**
 * A Kysely dialect for the embedded PGlite database.
 *
 * PGlite is one connection. Kysely's own BEGIN/COMMIT would let any other query sent meanwhile
 * (another request, a job worker) run inside the open transaction. So a transaction here is a
 * `pglite.transaction()` call held open until Kysely commits or rolls back: PGlite queues every
 * query from outside until it ends.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.#pglite);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PGliteConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end("commit");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end("rollback");
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PGliteConnection).raw(`savepoint "${name}"`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PGliteConnection).raw(`rollback to savepoint "${name}"`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PGliteConnection).raw(`release savepoint "${name}"`);
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

class RollbackSignal extends Error {}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #tx: Transaction | undefined;
  #finish: ((outcome: "commit" | "rollback") => void) | undefined;
  #done: Promise<void> | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  get #target(): Queryable {
    return this.#tx ?? this.#pglite;
  }

  async begin(settings: TransactionSettings): Promise<void> {
    let ready!: (tx: Transaction) => void;
    const started = new Promise<Transaction>((resolve) => {
      ready = resolve;
    });
    this.#done = this.#pglite
      .transaction(async (tx) => {
        const outcome = new Promise<"commit" | "rollback">((resolve) => {
          this.#finish = resolve;
        });
        if (settings.isolationLevel || settings.accessMode) {
          const parts = [
            settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
            settings.accessMode,
          ];
          await tx.query(`set transaction ${parts.filter(Boolean).join(" ")}`);
        }
        ready(tx);
        if ((await outcome) === "rollback") throw new RollbackSignal();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (!(error instanceof RollbackSignal)) throw error;
        },
      );
    // If the transaction cannot even start, surface that instead of waiting forever.
    const endedEarly = this.#done.then(() => {
      throw new Error("PGlite transaction ended before it started");
    });
    endedEarly.catch(() => {});
    this.#tx = await Promise.race([started, endedEarly]).catch((error: unknown) => this.#failed(error));
  }

  async end(outcome: "commit" | "rollback"): Promise<void> {
    const finish = this.#finish;
    const done = this.#done;
    this.#tx = undefined;
    this.#finish = undefined;
    this.#done = undefined;
    finish?.(outcome);
    await done;
  }

  /**
   * PGlite says it is closing or closed only in its message: tell it by its state instead, so the
   * app answers 503, not 500.
   */
  #failed(error: unknown): never {
    if (!this.#pglite.ready)
      throw new DatabaseUnavailableError("The embedded database is closed", { cause: error });
    throw error;
  }

  async raw(sql: string): Promise<void> {
    await this.#target.query(sql).catch((error: unknown) => this.#failed(error));
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#target
      .query<R>(compiled.sql, compiled.parameters as unknown[])
      .catch((error: unknown) => this.#failed(error));
    const command = compiled.query.kind;
    const affects =
      command === "InsertQueryNode" ||
      command === "UpdateQueryNode" ||
      command === "DeleteQueryNode" ||
      command === "MergeQueryNode";
    return {
      rows: result.rows,
      ...(affects && result.affectedRows !== undefined
        ? { numAffectedRows: BigInt(result.affectedRows) }
        : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; Kysely only needs the interface.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite does not support streaming queries");
  }
}
