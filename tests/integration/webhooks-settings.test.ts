import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { PUBLIC_API_DOCUMENT_PATH, v1Contract } from "../../src/shared/contract/v1.ts";
import type { ApiKeyScope } from "../../src/shared/schemas/api-keys.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { memberOf, ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { keyClient } from "../helpers/transfer.ts";

// Project Settings → Webhooks (issue 20) on a server WITHOUT WEBHOOK_ALLOW_PRIVATE: who may manage
// hooks, the secret shown once, and URLs that would reach the server's own network refused.
const api = apiAppForThisFile();
const hooks = contract.webhooks;
/** A public address written as an IP, so no DNS is needed to accept it. */
const PUBLIC_URL = "https://93.184.215.14/sprog-hook";

describe("webhook settings", () => {
  it("creates a hook with its secret shown once, lists, changes and deletes it", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const created = await call(owner, hooks.create, {
      params: { projectId },
      body: { url: PUBLIC_URL, events: ["key.deleted", "key.created"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    // Events are kept in the documented order, whatever order they were sent in.
    expect(created.body).toMatchObject({
      url: PUBLIC_URL,
      events: ["key.created", "key.deleted"],
      enabled: true,
    });

    const listed = await call(owner, hooks.list, { params: { projectId } });
    expect(listed.body.webhooks.map((hook) => hook.id)).toEqual([created.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    const params = { projectId, id: created.body.id };
    const changed = await call(owner, hooks.update, {
      params,
      body: { events: ["string.updated"], enabled: false },
    });
    expect(changed.body).toMatchObject({ events: ["string.updated"], enabled: false, disabledReason: null });

    const log = await call(owner, hooks.deliveries, { params });
    expect(log.body.deliveries).toEqual([]);

    expect((await call(owner, hooks.remove, { params })).status).toBe(204);
    expect((await fail(owner, hooks.deliveries, { params })).status).toBe(404);
  });

  it("lets an admin manage hooks and refuses a reviewer with 403", async () => {
    const { owner, projectId, teamId } = await ownerWithProject(api());
    const admin = (await memberOf(api(), teamId, "admin")).client;
    const reviewer = (await memberOf(api(), teamId, "reviewer")).client;

    const byAdmin = await call(admin, hooks.create, {
      params: { projectId },
      body: { url: PUBLIC_URL, events: ["import.completed"] },
    });
    expect(byAdmin.status).toBe(201);
    const refused = await fail(reviewer, hooks.list, { params: { projectId } });
    expect(refused.status).toBe(403);
    const refusedCreate = await fail(reviewer, hooks.create, {
      params: { projectId },
      body: { url: PUBLIC_URL, events: ["import.completed"] },
    });
    expect(refusedCreate.status).toBe(403);
    // A hook of another project is not found through this one.
    const other = await ownerWithProject(api());
    const foreign = await fail(other.owner, hooks.deliveries, {
      params: { projectId: other.projectId, id: byAdmin.body.id },
    });
    expect(foreign.status).toBe(404);
    expect((await call(owner, hooks.list, { params: { projectId } })).body.webhooks).toHaveLength(1);
  });

  it.each([
    ["http://127.0.0.1:9/hook", "127.0.0.1"],
    ["http://10.1.2.3/hook", "10.1.2.3"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254"],
    ["http://192.168.0.10/hook", "192.168.0.10"],
    ["http://[::1]:8080/hook", "::1"],
    ["http://[fd00::1]/hook", "fd00::1"],
    ["http://localhost:3000/hook", "127.0.0.1"],
    // Issue 32: IPv6 forms that carry a private IPv4 address, and a documentation network.
    ["http://[64:ff9b::7f00:1]/hook", "127.0.0.1"],
    ["http://[::7f00:1]/hook", "127.0.0.1"],
    ["http://[2002:7f00:1::]/hook", "127.0.0.1"],
    ["http://[64:ff9b::a9fe:a9fe]/latest/meta-data", "169.254.169.254"],
    ["http://192.0.2.10/hook", "192.0.2.10"],
  ])("refuses %s, a private or loopback address", async (url, address) => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const refused = await fail(owner, hooks.create, {
      params: { projectId },
      body: { url, events: ["key.created"] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("private or loopback address");
    // `localhost` may resolve to ::1 first; any of its loopback addresses is named.
    if (!url.includes("localhost")) expect(refused.body.error.message).toContain(address);
  });

  it("refuses URLs that are not http(s), and changing a hook's URL to a private one", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const ftp = await fail(owner, hooks.create, {
      params: { projectId },
      body: { url: "ftp://93.184.215.14/hook", events: ["key.created"] },
    });
    expect(ftp.status).toBe(400);
    expect(ftp.body.error.message).toContain("http:// or https://");
    const none = await fail(owner, hooks.create, {
      params: { projectId },
      body: { url: PUBLIC_URL, events: [] },
    });
    expect(none.body.error.message).toContain("Choose at least one event");

    const created = await call(owner, hooks.create, {
      params: { projectId },
      body: { url: PUBLIC_URL, events: ["key.created"] },
    });
    const moved = await fail(owner, hooks.update, {
      params: { projectId, id: created.body.id },
      body: { url: "http://127.0.0.1:3000/steal" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toContain("private or loopback address");
  });
});

describe("webhook deliveries to a special-purpose address", () => {
  it("are not sent when a stored hook's URL carries a loopback address", async () => {
    // A hook saved before these forms were refused: delivery checks the address again.
    const { owner, projectId } = await ownerWithProject(api(), []);
    const hook = await api()
      .db.insertInto("webhooks")
      .values({
        project_id: projectId,
        url: "http://[64:ff9b::7f00:1]:9/hook",
        events: ["key.created"],
        secret: "whsec_test",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await call(owner, hooks.test, { params: { projectId, id: hook.id } });
    const deadline = Date.now() + 20_000;
    let deliveries = (await call(owner, hooks.deliveries, { params: { projectId, id: hook.id } })).body
      .deliveries;
    while (deliveries.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      deliveries = (await call(owner, hooks.deliveries, { params: { projectId, id: hook.id } })).body
        .deliveries;
    }
    expect(deliveries[0]).toMatchObject({
      status: "failed",
      responseCode: null,
      error: "Not sent: 64:ff9b::7f00:1 is a private or loopback address",
    });
  });
});

describe("webhooks with an API key", () => {
  const v1Hooks = v1Contract.webhooks;
  /** CI's client: a key of the project with `scopes`, as Project Settings → API Access makes one. */
  async function clientWith(owner: ApiClient, projectId: string, scopes: ApiKeyScope[]) {
    return keyClient(api().app.url, (await createScopedKey(owner, projectId, scopes)).key);
  }

  it("manages the key's project's hooks at /api/v1/webhooks with the webhooks:manage scope", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const ci = await clientWith(owner, projectId, ["webhooks:manage"]);
    const created = await call(ci, v1Hooks.create, { body: { url: PUBLIC_URL, events: ["key.created"] } });
    expect(created.status).toBe(201);
    const hook = created.body;
    expect(hook.projectId).toBe(projectId);
    expect(hook.secret).toMatch(/^whsec_/);

    const listed = (await call(ci, v1Hooks.list, undefined)).body;
    expect(listed.webhooks.map((h) => h.id)).toEqual([hook.id]);
    const changed = await call(ci, v1Hooks.update, { params: { id: hook.id }, body: { enabled: false } });
    expect(changed.body).toMatchObject({ enabled: false });
    expect((await call(ci, v1Hooks.deliveries, { params: { id: hook.id } })).status).toBe(200);
    const refused = await fail(ci, v1Hooks.update, {
      params: { id: hook.id },
      body: { url: "http://10.0.0.1/" },
    });
    expect(refused.status).toBe(400);
    // The edge's one text check (the old private reader skipped it): refused, nothing changed.
    const nul = await fail(ci, v1Hooks.update, {
      params: { id: hook.id },
      body: { url: `${PUBLIC_URL}\u0000` },
    });
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toBe("url: Text must not contain NUL characters");
    expect((await call(ci, v1Hooks.list, undefined)).body.webhooks[0]?.url).toBe(PUBLIC_URL);
    expect((await call(ci, v1Hooks.remove, { params: { id: hook.id } })).status).toBe(204);
    // The session sees the same hooks: none left.
    expect((await call(owner, hooks.list, { params: { projectId } })).body.webhooks).toEqual([]);
  });

  it("answers 403 naming the scope to a pull-only key, 401 without a key, 404 for another project's hook", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const pullOnly = await clientWith(owner, projectId, ["pull"]);
    const forbidden = await fail(pullOnly, v1Hooks.list, undefined);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toContain("webhooks:manage scope");
    expect((await fail(keyClient(api().app.url), v1Hooks.list, undefined)).status).toBe(401);

    const other = await ownerWithProject(api(), []);
    const foreign = await call(other.owner, hooks.create, {
      params: { projectId: other.projectId },
      body: { url: PUBLIC_URL, events: ["key.created"] },
    });
    const ci = await clientWith(owner, projectId, ["webhooks:manage"]);
    expect((await fail(ci, v1Hooks.remove, { params: { id: foreign.body.id } })).status).toBe(404);
  });
});

describe("the API reference", () => {
  it("documents the webhook routes, by session and by API key, with the signature", async () => {
    const documentAt = async (path: string) =>
      (await (await fetch(`${api().app.url}${path}`)).json()) as {
        paths: Record<string, Record<string, { description?: string }>>;
      };
    // The session's routes in the session API's document, the key's in the public API's own.
    const document = await documentAt("/api/openapi.json");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/projects/{projectId}/webhooks",
        "/projects/{projectId}/webhooks/{id}",
        "/projects/{projectId}/webhooks/{id}/test",
        "/projects/{projectId}/webhooks/{id}/deliveries",
      ]),
    );
    expect(Object.keys((await documentAt(`/api${PUBLIC_API_DOCUMENT_PATH}`)).paths)).toEqual(
      expect.arrayContaining(["/v1/webhooks", "/v1/webhooks/{id}"]),
    );
    expect(document.paths["/projects/{projectId}/webhooks"]?.post?.description).toContain(
      "X-Sprog-Signature: t=<unix seconds>,v1=",
    );
  });
});
