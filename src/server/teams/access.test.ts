import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { createAccess } from "./access.ts";

const KEY_ID = "00000000-0000-4000-8000-000000000001";
const PROJECT_ID = "00000000-0000-4000-8000-000000000002";

/** A database that answers each query from a script, in order: rows, or an error to throw. */
function scriptedDb(answers: (Record<string, unknown>[] | Error)[]): Kysely<DB> {
  const connection: DatabaseConnection = {
    async executeQuery<R>(_query: CompiledQuery): Promise<QueryResult<R>> {
      const answer = answers.shift();
      if (answer === undefined) throw new Error("no more scripted answers");
      if (answer instanceof Error) throw answer;
      return { rows: answer as R[] };
    },
    // biome-ignore lint/correctness/useYield: the access gate never streams.
    async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error("not scripted");
    },
  };
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {},
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {},
  };
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** What `pg` throws for a query in flight when the server shuts down. */
function adminShutdown(): Error {
  return Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
}

describe("access.key", () => {
  it("lets a database failure after the key was read pass through, not turn it into 404", async () => {
    const outage = adminShutdown();
    const access = createAccess(scriptedDb([[{ id: KEY_ID, project_id: PROJECT_ID }], outage]));

    const refused = await access.key("user-1", KEY_ID).catch((error: unknown) => error);

    expect(refused).toBe(outage);
  });

  it("still answers 404 'Key not found' when the key's project is not the user's", async () => {
    const access = createAccess(
      scriptedDb([[{ id: KEY_ID, project_id: PROJECT_ID }], [{ id: PROJECT_ID, team_id: "team-1" }], []]),
    );

    const refused = await access.key("user-1", KEY_ID).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "not_found", message: "Key not found" });
  });
});
