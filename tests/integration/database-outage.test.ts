import { connect, createServer, type Server, type Socket } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type AppServer, freePort, startAppServer } from "../helpers/app-server.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { buildTeam, buildUser, signInAs } from "../helpers/factories.ts";

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

let app: AppServer;
let database: TestDatabase | undefined;
let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
const logLines: { level: number; msg: string; err?: { code?: string; type?: string } }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const url = new URL(database.url);
  relay = await startRelay({ hostname: url.hostname, port: Number(url.port || 5432) });
  url.hostname = "127.0.0.1";
  url.port = String(relay.port);
  const logger = pino({ level: "warn" }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  app = await startAppServer({ DATABASE_URL: url.toString() }, { logger });
});

afterAll(async () => {
  await relay?.restore().catch(() => {});
  await app?.stop().catch(() => {});
  await database?.drop();
});

async function signedInOwner() {
  const api = await signInAs(await buildUser(app));
  const team = await buildTeam(api, { name: "Outage" });
  return { api, teamId: team.id };
}

describe("a database outage", () => {
  it("answers 503 on team routes, not 404, and logs why", async () => {
    const { api, teamId } = await signedInOwner();
    expect((await call(api, contract.teams.listMembers, { params: { teamId } })).status).toBe(200);

    await relay?.cut();
    // The server's side of each connection hears of the cut from the kernel, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const members = await fail(api, contract.teams.listMembers, { params: { teamId } });
    expect(members.status).toBe(503);
    expect(members.body).toEqual(UNAVAILABLE);
    expect(members.headers.get("retry-after")).toBe("5");
    const rename = await fail(api, contract.teams.update, { params: { teamId }, body: { name: "Renamed" } });
    expect(rename.status).toBe(503);
    expect(logLines.some((line) => line.msg === "database unavailable")).toBe(true);

    // PostgreSQL back: the pool connects again, nothing to restart.
    await relay?.restore();
    const again = await call(api, contract.teams.listMembers, { params: { teamId } });
    expect(again.status).toBe(200);
    expect(again.body.members).toHaveLength(1);
  });
});
