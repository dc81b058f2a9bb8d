import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildUser, memberOf, ownerWithProject, signInAs, uniqueEmail } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { createApiKey as createKey, type PullBody, type PullOptions, pullFrom } from "../helpers/transfer.ts";

// Project API keys (Project Settings → API Access): shown once, stored hashed, scoped, revoked.
const api = apiAppForThisFile();

/** A pull as CI sends it, to this file's server. */
const pull = (body: PullBody, options: PullOptions = {}) => pullFrom(api().app.url, body, options);
/** The project's API keys, as Project Settings → API Access lists them. */
const keysOf = (client: ApiClient, projectId: string) =>
  call(client, contract.apiKeys.list, { params: { projectId } });

describe("API keys", () => {
  it("creates a key shown once and stored hashed, lists newest first, revokes it", async () => {
    const { owner, projectId, email } = await ownerWithProject(api(), []);
    const first = await createKey(owner, projectId, "  CI  ");
    expect(first.key).toMatch(/^sprog_[0-9a-f]{48}$/);
    expect(first.name).toBe("CI");
    expect(first.prefix).toBe(first.key.slice(0, 12));
    expect(first.lastUsedAt).toBeNull();
    expect(first.createdBy).toBe(email);

    const stored = await api()
      .db.selectFrom("api_keys")
      .selectAll()
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(createHash("sha256").update(first.key).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(first.key);

    await new Promise((r) => setTimeout(r, 5));
    const second = await createKey(owner, projectId);
    expect(second.name).toBeNull();

    const list = await keysOf(owner, projectId);
    expect(list.status).toBe(200);
    expect(list.body.keys.map((k) => k.id)).toEqual([second.id, first.id]);
    // The list never carries the key itself.
    expect(JSON.stringify(list.body)).not.toContain(first.key);
    expect(JSON.stringify(list.body)).not.toContain(second.key);
    expect(list.body.keys[1]).toMatchObject({ name: "CI", prefix: first.prefix, lastUsedAt: null });

    const revoked = await call(owner, contract.apiKeys.revoke, { params: { id: first.id } });
    expect(revoked.status).toBe(204);
    const after = await keysOf(owner, projectId);
    expect(after.body.keys.map((k) => k.id)).toEqual([second.id]);
    expect((await fail(owner, contract.apiKeys.revoke, { params: { id: first.id } })).status).toBe(404);
  });

  it("gives a key the pull scope unless others are chosen, and lists each key's scopes", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const plain = await createKey(owner, projectId, "old style");
    expect(plain.scopes).toEqual(["pull"]);
    const ci = await createScopedKey(owner, projectId, ["webhooks:manage", "push", "push"]);
    // Once each, in the one order, whatever the form sent.
    expect(ci.scopes).toEqual(["push", "webhooks:manage"]);
    const list = await keysOf(owner, projectId);
    expect(list.body.keys.map((k) => k.scopes)).toEqual([["push", "webhooks:manage"], ["pull"]]);
    const stored = await api()
      .db.selectFrom("api_keys")
      .select("scopes")
      .where("id", "=", ci.id)
      .executeTakeFirstOrThrow();
    expect(stored.scopes).toEqual(["push", "webhooks:manage"]);
  });

  it("refuses no scope at all or an unknown one", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const none = await fail(owner, contract.apiKeys.create, { params: { projectId }, body: { scopes: [] } });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe("Choose at least one scope");
    const unknown = await fail(owner, contract.apiKeys.create, {
      params: { projectId },
      body: { scopes: ["admin"] },
    });
    expect(unknown.status).toBe(400);
    // The database refuses one too, whatever code writes it.
    const key = await createKey(owner, projectId);
    for (const scopes of [["pull", "admin"], []]) {
      await expect(
        api().db.updateTable("api_keys").set({ scopes }).where("id", "=", key.id).execute(),
      ).rejects.toThrow();
    }
  });

  it("rejects a name over 100 characters", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const answer = await fail(owner, contract.apiKeys.create, {
      params: { projectId },
      body: { name: "x".repeat(101) },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe("Name must be at most 100 characters");
  });

  it("is the owner's alone: admin and reviewer get 403, someone outside the team 404", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), []);
    const key = await createKey(owner, projectId);
    /** The three API-key endpoints as `client`: their statuses. */
    const statuses = async (client: ApiClient) => [
      (await fail(client, contract.apiKeys.list, { params: { projectId } })).status,
      (await fail(client, contract.apiKeys.create, { params: { projectId }, body: {} })).status,
      (await fail(client, contract.apiKeys.revoke, { params: { id: key.id } })).status,
    ];
    for (const role of ["admin", "reviewer"] as const) {
      const member = await memberOf(api(), teamId, role);
      expect(await statuses(member.client)).toEqual([403, 403, 403]);
    }
    const stranger = await signInAs(await buildUser(api().app, { email: uniqueEmail("stranger") }));
    expect(await statuses(stranger)).toEqual([404, 404, 404]);
    expect((await fail(api().client(), contract.apiKeys.list, { params: { projectId } })).status).toBe(401);
    // The key still works: nobody but the owner touched it.
    expect((await pull({ format: "json", placeholderFormat: "web" }, { key: key.key })).status).toBe(200);
  });
});
