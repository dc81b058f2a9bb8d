import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/api-app.ts";
import { freePort, startAppServer } from "../helpers/app-server.ts";
import { persistentDatabaseEnv } from "../helpers/persistent-database.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function mailServer(): Promise<MailServer> {
  const mail = await startMailServer();
  cleanups.push(() => mail.close());
  return mail;
}

/** The real server as its own process, so that `kill -9` is a real crash; ready when it answers. */
async function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      PATH: process.env.PATH ?? "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const answer = await fetch(`${url}/api/ai/status`).catch(() => undefined);
    if (answer) return { child, url };
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const askCode = (url: string, email: string) =>
  new ApiClient(url).request<{ error: { code: string; message: string } }>("POST", "/api/auth/code", {
    body: { email },
  });

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

  // A crash is not a clean close: PGlite then recovers from its write-ahead log, which empties an
  // unlogged table (PostgreSQL does the same after its own crash).
  it("hold after the server process is killed (kill -9) and started again", async () => {
    const mail = await mailServer();
    const env = { ...(await persistentDatabaseEnv(cleanups)), SMTP_URL: mail.url, NODE_ENV: "test" };
    const email = "killed@example.com";

    const doomed = await spawnServer(env);
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
