import { afterAll, describe, expect, it } from "vitest";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import { ApiClient, apiAppForThisFile, ownerWithProject, uniqueEmail } from "../helpers/api-app.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { openEventStream } from "../helpers/sse.ts";

const api = apiAppForThisFile();
const extraServers: AppServer[] = [];
afterAll(async () => {
  for (const server of extraServers) await server.stop();
});

describe("project events (Server-Sent Events)", () => {
  it("pushes a saved string to everyone viewing the project", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const viewer = await openEventStream(`${api().app.url}/api/projects/${projectId}/events`, owner.cookie);
    try {
      expect(viewer.contentType).toContain("text/event-stream");
      await viewer.waitFor((e) => e.event === "ready");
      const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
        body: { key: "greeting" },
      });
      await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: "Hallo" } });
      const event = await viewer.waitFor((e) => e.event === "string.updated");
      expect(event.data).toMatchObject({
        keyId: key.body.id,
        language: "de",
        cell: { value: "Hallo", version: 1 },
      });
      // Key events come in the batch after 2 s (spec point 9).
      const created = await viewer.waitFor((e) => e.event === "key.created", 5000);
      expect(created.data).toMatchObject({ keyId: key.body.id, key: "greeting" });
    } finally {
      await viewer.close();
    }
  });

  it("names who saved a string (full name, else e-mail), never their user id (issue 19)", async () => {
    const { owner, email, projectId } = await ownerWithProject(api());
    const viewer = await openEventStream(`${api().app.url}/api/projects/${projectId}/events`, owner.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
        body: { key: "named" },
      });
      await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: "Ohne Profil" } });
      const byEmail = await viewer.waitFor(
        (e) => e.event === "string.updated" && (e.data as { cell: { version: number } }).cell.version === 1,
      );
      expect((byEmail.data as { by: unknown }).by).toBe(email);

      await owner.request("PUT", "/api/profile", { body: { firstName: "Ada", lastName: "Lovelace" } });
      await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, {
        body: { value: "Mit Profil", baseVersion: 1 },
      });
      const byName = await viewer.waitFor(
        (e) => e.event === "string.updated" && (e.data as { cell: { version: number } }).cell.version === 2,
      );
      expect((byName.data as { by: unknown }).by).toBe("Ada Lovelace");

      // A value too large for NOTIFY is loaded again by the listener: it names the author the same way.
      const long = "Ä".repeat(9_000);
      await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, {
        body: { value: long, baseVersion: 2 },
      });
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
    const viewer = await openEventStream(`${api().app.url}/api/projects/${projectId}/events`, owner.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
        body: { key: "long" },
      });
      const long = "Ä".repeat(9_000);
      await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: long } });
      const event = await viewer.waitFor((e) => e.event === "string.updated");
      expect((event.data as { cell: { value: string } }).cell.value).toBe(long);
    } finally {
      await viewer.close();
    }
  });

  it("shows nothing to outsiders (404) or the signed-out (401)", async () => {
    const { projectId } = await ownerWithProject(api());
    const outsider = await api().signIn(uniqueEmail("outsider"));
    const answer = await outsider.request("GET", `/api/projects/${projectId}/events`);
    expect(answer.status).toBe(404);
    expect((await api().client().request("GET", `/api/projects/${projectId}/events`)).status).toBe(401);
  });

  it("several server processes on one database: events fan out to all", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const second = await startAppServer({
      DATABASE_URL: api().app.config.DATABASE_URL ?? "",
      SMTP_URL: api().mail.url,
    });
    extraServers.push(second);
    const viewer = await openEventStream(`${second.url}/api/projects/${projectId}/events`, owner.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
        body: { key: "k" },
      });
      await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: "über Prozesse" } });
      const event = await viewer.waitFor((e) => e.event === "string.updated");
      expect(event.data).toMatchObject({ keyId: key.body.id, cell: { value: "über Prozesse" } });
      // The session made on server one is valid on server two: they share the database.
      const onSecond = new ApiClient(second.url);
      onSecond.cookie = owner.cookie;
      expect((await onSecond.request("GET", "/api/me")).status).toBe(200);
    } finally {
      await viewer.close();
    }
  });
});
