import { connect, createServer, type Server, type Socket } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { type RunningServer, startServer } from "../../src/server/server.ts";
import { ApiClient } from "../helpers/api-client.ts";
import { freePort } from "../helpers/app-server.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * The database goes away while the server runs (PostgreSQL stops or the network fails): team routes
 * answer 503 with the error shape and a log line says why, instead of 404 ("your team is gone")
 * or 500 ("a bug").
 */

const UNAVAILABLE = {
  error: {
    code: "unavailable",
    message: "The database is not reachable right now. Please try again in a moment.",
  },
};

/** A TCP relay in front of PostgreSQL that the test can cut (a server that stopped) and restore. */
async function startRelay(target: { hostname: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  await listen();
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
  };
}

let mail: MailServer;
let server: RunningServer;
let database: TestDatabase | undefined;
let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
const logLines: { level: number; msg: string; err?: { code?: string; type?: string } }[] = [];

beforeAll(async () => {
  mail = await startMailServer();
  const env: Record<string, string> = { SMTP_URL: mail.url };
  database = await createTestDatabase();
  const url = new URL(database.url);
  relay = await startRelay({ hostname: url.hostname, port: Number(url.port || 5432) });
  url.hostname = "127.0.0.1";
  url.port = String(relay.port);
  env.DATABASE_URL = url.toString();
  const port = await freePort();
  const config = loadConfig({
    ...env,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "test",
  });
  const logger = pino({ level: "warn" }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  server = await startServer(config, { logger });
});

afterAll(async () => {
  await relay?.restore().catch(() => {});
  await server?.stop().catch(() => {});
  await database?.drop();
  await mail?.close();
});

async function signedInOwner() {
  const api = new ApiClient(`http://127.0.0.1:${server.port}`);
  const email = `outage.${Date.now().toString(36)}@example.com`;
  await api.request("POST", "/api/auth/code", { body: { email } });
  const code = await mail.codeFor(email);
  await api.request("POST", "/api/auth/verify", { body: { email, code } });
  const team = await api.request<{ id: string }>("POST", "/api/teams", { body: { name: "Outage" } });
  expect(team.status).toBe(201);
  return { api, teamId: team.body.id };
}

describe("a database outage", () => {
  it("answers 503 on team routes, not 404, and logs why", async () => {
    const { api, teamId } = await signedInOwner();
    expect((await api.request("GET", `/api/teams/${teamId}/members`)).status).toBe(200);

    await relay?.cut();
    // The server's side of each connection hears of the cut from the kernel, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const members = await api.request("GET", `/api/teams/${teamId}/members`);
    expect(members.status).toBe(503);
    expect(members.body).toEqual(UNAVAILABLE);
    expect(members.headers.get("retry-after")).toBe("5");
    const rename = await api.request("PATCH", `/api/teams/${teamId}`, { body: { name: "Renamed" } });
    expect(rename.status).toBe(503);
    expect(logLines.some((line) => line.msg === "database unavailable")).toBe(true);

    // PostgreSQL back: the pool connects again, nothing to restart.
    await relay?.restore();
    const again = await api.request<{ members: unknown[] }>("GET", `/api/teams/${teamId}/members`);
    expect(again.status).toBe(200);
    expect(again.body.members).toHaveLength(1);
  });
});
