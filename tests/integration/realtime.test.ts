import { afterAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { SaveStringBody } from "../../src/shared/schemas/keys.ts";
import { ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { buildKey, buildUser, ownerWithProject, signInAs } from "../helpers/factories.ts";
import { openEventStream } from "../helpers/sse.ts";

const api = apiAppForThisFile();
const eventsPath = (projectId: string) => requestOf(contract.events.stream, { params: { projectId } }).path;
const save = (client: ApiClient, keyId: string, body: SaveStringBody) =>
  call(client, contract.strings.save, { params: { keyId, lang: "de" }, body });
const extraServers: AppServer[] = [];
afterAll(async () => {
  for (const server of extraServers) await server.stop();
});

describe("project events (Server-Sent Events)", () => {
  it("pushes a saved string to everyone viewing the project", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const viewer = await openEventStream(`${api().app.url}${eventsPath(projectId)}`, owner.cookie);
    try {
      expect(viewer.contentType).toContain("text/event-stream");
      await viewer.waitFor((e) => e.event === "ready");
      const keyId = await buildKey(owner, projectId, "greeting");
      await save(owner, keyId, { value: "Hallo" });
      const event = await viewer.waitFor((e) => e.event === "string.updated");
      expect(event.data).toMatchObject({
        keyId,
        language: "de",
        cell: { value: "Hallo", version: 1 },
      });
      // Key events come in the batch after 2 s (spec point 9).
      const created = await viewer.waitFor((e) => e.event === "key.created", 5000);
      expect(created.data).toMatchObject({ keyId, key: "greeting" });
    } finally {
      await viewer.close();
    }
  });

  it("names who saved a string (full name, else e-mail), never their user id (issue 19)", async () => {
    const { owner, email, projectId } = await ownerWithProject(api());
    const viewer = await openEventStream(`${api().app.url}${eventsPath(projectId)}`, owner.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      const keyId = await buildKey(owner, projectId, "named");
      await save(owner, keyId, { value: "Ohne Profil" });
      const byEmail = await viewer.waitFor(
        (e) => e.event === "string.updated" && (e.data as { cell: { version: number } }).cell.version === 1,
      );
      expect((byEmail.data as { by: unknown }).by).toBe(email);

      await call(owner, contract.profiles.save, { body: { firstName: "Ada", lastName: "Lovelace" } });
      await save(owner, keyId, { value: "Mit Profil", baseVersion: 1 });
      const byName = await viewer.waitFor(
        (e) => e.event === "string.updated" && (e.data as { cell: { version: number } }).cell.version === 2,
      );
      expect((byName.data as { by: unknown }).by).toBe("Ada Lovelace");

      // A value too large for NOTIFY is loaded again by the listener: it names the author the same way.
      const long = "Ä".repeat(9_000);
      await save(owner, keyId, { value: long, baseVersion: 2 });
      const byReference = await viewer.waitFor(
        (e) => e.event === "string.updated" && (e.data as { cell: { version: number } }).cell.version === 3,
      );
      expect((byReference.data as { by: unknown }).by).toBe("Ada Lovelace");
    } finally {
      await viewer.close();
    }
  });

  it("carries values too large for NOTIFY by reference", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const viewer = await openEventStream(`${api().app.url}${eventsPath(projectId)}`, owner.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      const keyId = await buildKey(owner, projectId, "long");
      const long = "Ä".repeat(9_000);
      await save(owner, keyId, { value: long });
      const event = await viewer.waitFor((e) => e.event === "string.updated");
      expect((event.data as { cell: { value: string } }).cell.value).toBe(long);
    } finally {
      await viewer.close();
    }
  });

  it("shows nothing to outsiders (404) or the signed-out (401)", async () => {
    const { projectId } = await ownerWithProject(api());
    const outsider = await signInAs(await buildUser(api().app));
    const answer = await fail(outsider, contract.events.stream, { params: { projectId } });
    expect(answer.status).toBe(404);
    expect((await fail(api().client(), contract.events.stream, { params: { projectId } })).status).toBe(401);
  });

  it("several server processes on one database: events fan out to all", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const second = await startAppServer({
      DATABASE_URL: api().app.config.DATABASE_URL ?? "",
      SMTP_URL: api().mail.url,
    });
    extraServers.push(second);
    const viewer = await openEventStream(`${second.url}${eventsPath(projectId)}`, owner.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      const keyId = await buildKey(owner, projectId, "k");
      await save(owner, keyId, { value: "über Prozesse" });
      const event = await viewer.waitFor((e) => e.event === "string.updated");
      expect(event.data).toMatchObject({ keyId, cell: { value: "über Prozesse" } });
      // The session made on server one is valid on server two: they share the database.
      const onSecond = new ApiClient(second.url);
      onSecond.cookie = owner.cookie;
      expect((await call(onSecond, contract.auth.me, undefined)).status).toBe(200);
    } finally {
      await viewer.close();
    }
  });
});
