import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";

/**
 * Issue 18: PGlite ran its queries on the server's one thread, so one long query held every other
 * request. It now runs on a thread of its own; PostgreSQL always ran them elsewhere.
 */
let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("a long query", () => {
  it("does not hold a concurrent small request", async () => {
    let longDone = 0;
    const long = sql`select count(*) from generate_series(1, 15000000)`
      .execute(app.server.database.db)
      .then(() => {
        longDone = performance.now();
      });
    // Let the long query start before the small requests are sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answered: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${app.url}/api/openapi.json`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      answered.push(performance.now());
    }
    expect(longDone).toBe(0);
    await long;
    for (const at of answered) expect(at).toBeLessThan(longDone);
  }, 120_000);
});
