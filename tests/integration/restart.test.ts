import { afterAll, describe, expect, it } from "vitest";
import { migrations as allMigrations } from "../../src/server/db/migrations/index.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { ApiClient } from "../helpers/api-app.ts";
import { startAppServer } from "../helpers/app-server.ts";
import { call } from "../helpers/contract-client.ts";
import { buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { persistentDatabaseEnv } from "../helpers/persistent-database.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("a restart", () => {
  it("keeps users, sessions and teams; migrations run once", async () => {
    const env = await persistentDatabaseEnv(cleanups);

    const first = await startAppServer(env);
    const client = await signInAs(await buildUser(first, { email: "keep@example.com" }));
    await buildTeam(client, { name: "Survivors" });
    const cookie = client.cookie;
    await first.stop();

    const second = await startAppServer({ ...env, PORT: String(first.port) });
    cleanups.push(() => second.stop());
    const again = new ApiClient(second.url);
    again.cookie = cookie;
    const me = await call(again, contract.auth.me, undefined);
    expect(me).toMatchObject({
      status: 200,
      body: { user: { email: "keep@example.com" }, teams: [{ name: "Survivors" }] },
    });

    const migrations = await second.server.database.db
      .selectFrom("schema_migrations" as never)
      .select("name" as never)
      .execute();
    expect(migrations).toHaveLength(Object.keys(allMigrations).length);
  });
});
