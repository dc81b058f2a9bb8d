import { afterAll, describe, expect, it } from "vitest";
import { migrations as allMigrations } from "../../src/server/db/migrations/index.ts";
import { ApiClient } from "../helpers/api-app.ts";
import { startAppServer } from "../helpers/app-server.ts";
import { persistentDatabaseEnv } from "../helpers/persistent-database.ts";
import { startMailServer } from "../helpers/smtp.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("a restart", () => {
  it("keeps users, sessions and teams; migrations run once", async () => {
    const mail = await startMailServer();
    cleanups.push(() => mail.close());
    const env = { ...(await persistentDatabaseEnv(cleanups)), SMTP_URL: mail.url };

    const first = await startAppServer(env);
    const client = new ApiClient(first.url);
    await client.request("POST", "/api/auth/code", { body: { email: "keep@example.com" } });
    const code = await mail.codeFor("keep@example.com");
    await client.request("POST", "/api/auth/verify", { body: { email: "keep@example.com", code } });
    await client.request("POST", "/api/teams", { body: { name: "Survivors" } });
    const cookie = client.cookie;
    await first.stop();

    const second = await startAppServer({ ...env, PORT: String(first.port) });
    cleanups.push(() => second.stop());
    const again = new ApiClient(second.url);
    again.cookie = cookie;
    const me = await again.request("GET", "/api/me");
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
