import { Writable } from "node:stream";
import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { call, requestOf } from "../helpers/contract-client.ts";
import { buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";

/**
 * A client that goes away stops its request's work (issue 18): 32 browsers giving up on a large
 * key list used to leave the server reading every page for nobody.
 */
const lines: { msg?: string; path?: string }[] = [];
let app: AppServer;
let owner: ApiClient;
let projectId: string;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await startAppServer({}, { logger: pino({ level: "debug" }, sink) });
  const user = await buildUser(app);
  owner = await signInAs(user);
  const team = await buildTeam(owner);
  projectId = (await buildProject(owner, team.id, { languages: ["de"] })).id;
  // Enough keys for the full list to take several pages.
  await sql`
    insert into translation_keys (project_id, key, position)
    select ${projectId}, 'key.' || lpad(i::text, 6, '0'), i from generate_series(1, 30000) i
  `.execute(app.server.database.db);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("a request whose client went away", () => {
  it("stops reading, and the server goes on answering others", async () => {
    const gone = new AbortController();
    const { path } = requestOf(contract.keys.list, { params: { projectId }, query: { languages: "en,de" } });
    const list = fetch(`${app.url}${path}`, {
      headers: { cookie: owner.cookie },
      signal: gone.signal,
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 40));
    gone.abort();
    expect(await list).toBeInstanceOf(Error);
    await expect
      .poll(() => lines.some((line) => line.msg === "request abandoned by its client"), { timeout: 20_000 })
      .toBe(true);
    expect(lines.filter((line) => line.msg === "request failed")).toEqual([]);
    const me = await call(owner, contract.auth.me, undefined);
    expect(me.status).toBe(200);
  }, 60_000);
});
