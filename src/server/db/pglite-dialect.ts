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
import type { EmbeddedPostgres } from "./embedded/embedded-postgres.ts";
import { abandonSignalFor } from "./query-scope.ts";

/**
 * A Kysely dialect for the embedded database (PGlite on its own thread, `embedded/`).
 *
 * PGlite is one connection. Kysely's own BEGIN/COMMIT would let any other query sent meanwhile
 * (another request, a job worker) run inside the open transaction. So a transaction here is a
 * PGlite transaction held open on the database's thread until Kysely commits or rolls back:
 * every query from outside waits until it ends.
 */
export class PGliteDialect implements Dialect {
  readonly #database: EmbeddedPostgres;

  constructor(database: EmbeddedPostgres) {
    this.#database = database;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#database);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #database: EmbeddedPostgres;

  constructor(database: EmbeddedPostgres) {
    this.#database = database;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.#database);
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

class PGliteConnection implements DatabaseConnection {
  readonly #database: EmbeddedPostgres;
  #tx: number | undefined;

  constructor(database: EmbeddedPostgres) {
    this.#database = database;
  }

  async begin(settings: TransactionSettings): Promise<void> {
    const parts = [
      settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
      settings.accessMode,
    ];
    const setup = parts.some(Boolean) ? `set transaction ${parts.filter(Boolean).join(" ")}` : undefined;
    this.#tx = await this.#database.begin(setup);
  }

  async end(outcome: "commit" | "rollback"): Promise<void> {
    const tx = this.#tx;
    this.#tx = undefined;
    if (tx !== undefined) await this.#database.end(tx, outcome);
  }

  async raw(sql: string): Promise<void> {
    await this.#database.query(sql, [], { tx: this.#tx });
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#database.query<R>(compiled.sql, compiled.parameters as unknown[], {
      tx: this.#tx,
      signal: abandonSignalFor(compiled.query, this.#tx !== undefined),
    });
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
