import { afterAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { ApiClient } from "../helpers/api-app.ts";
import { startAppServer } from "../helpers/app-server.ts";
import { fail } from "../helpers/contract-client.ts";
import { buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { persistentDatabaseEnv } from "../helpers/persistent-database.ts";
import { spawnServer } from "../helpers/server-process.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { createApiKey, pullFrom } from "../helpers/transfer.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function mailServer(): Promise<MailServer> {
  const mail = await startMailServer();
  cleanups.push(() => mail.close());
  return mail;
}

/** A code request, its answer's body read as the refusal the test expects of a second one. */
const askCode = (url: string, email: string) =>
  fail(new ApiClient(url), contract.auth.sendCode, { body: { email } });

// Within the 60 s between two codes to one address, the second request is refused whatever happened
// to the server in between.
describe("rate limits across a restart", () => {
  it("hold after the server stops and starts again on the same database", async () => {
    const mail = await mailServer();
    const env = { ...(await persistentDatabaseEnv(cleanups)), SMTP_URL: mail.url };
    const email = "stop-start@example.com";

    const first = await startAppServer(env);
    expect((await askCode(first.url, email)).status).toBe(200);
    await first.stop();

    const second = await startAppServer(env);
    cleanups.push(() => second.stop());
    const again = await askCode(second.url, email);
    expect(again.status).toBe(429);
    expect(again.body.error.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(mail.mailsTo(email)).toHaveLength(1);
  }, 120_000);

  it("hold for the pull API too, which counts a hit on every request", async () => {
    const env = { ...(await persistentDatabaseEnv(cleanups)), PULL_RATE_LIMIT_PER_MINUTE: "2" };
    const first = await startAppServer(env);
    const owner = await signInAs(await buildUser(first, { email: "puller@example.com", firstName: "Pat" }));
    const team = await buildTeam(owner, { name: "T" });
    const project = await buildProject(owner, team.id, { name: "P" });
    const apiKey = await createApiKey(owner, project.id);
    const pull = (url: string) =>
      pullFrom(url, { format: "json", placeholderFormat: "web" }, { key: apiKey.key });
    expect((await pull(first.url)).status).toBe(200);
    expect((await pull(first.url)).status).toBe(200);
    expect((await pull(first.url)).status).toBe(429);
    await first.stop();

    const second = await startAppServer(env);
    cleanups.push(() => second.stop());
    expect((await pull(second.url)).status).toBe(429);
  }, 120_000);

  // A crash is not a clean close: PostgreSQL then recovers from its write-ahead log, which empties an
  // unlogged table.
  it("hold after the server process is killed (kill -9) and started again", async () => {
    const mail = await mailServer();
    const env = { ...(await persistentDatabaseEnv(cleanups)), SMTP_URL: mail.url, NODE_ENV: "test" };
    const email = "killed@example.com";

    const doomed = await spawnServer(env, cleanups, { startTimeoutMs: 90_000 });
    expect((await askCode(doomed.url, email)).status).toBe(200);
    expect((await askCode(doomed.url, email)).status).toBe(429);
    doomed.child.kill("SIGKILL");
    await new Promise((resolve) => doomed.child.once("exit", resolve));

    const second = await startAppServer(env);
    cleanups.push(() => second.stop());
    const again = await askCode(second.url, email);
    expect(again.status).toBe(429);
    expect(mail.mailsTo(email)).toHaveLength(1);
  }, 120_000);
});
