import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { BRANCH_HEADER } from "../../src/shared/schemas/branches.ts";
import type { WebhookPayload } from "../../src/shared/schemas/webhooks.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";
import { createScopedKey, pushWithKey } from "../helpers/key-requests.ts";
import { keyClient, pullFrom } from "../helpers/transfer.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const api = apiAppForThisFile({ env: async () => ({ WEBHOOK_ALLOW_PRIVATE: "1" }) });

let paths = 0;
/** An owner's project (en, de) with one key, a CI key that pulls and pushes, and a webhook on every event. */
async function world() {
  const setup = await ownerWithProject(api(), ["de"]);
  const { owner, projectId } = setup;
  const title = await buildKey(owner, projectId, "home.title", {
    source: "Welcome",
    strings: { de: "Willkommen" },
  });
  const ci = await createScopedKey(owner, projectId, ["pull", "push"]);
  const path = `/branch-hook-${++paths}`;
  const hook = await call(owner, contract.webhooks.create, {
    params: { projectId },
    body: { url: `${receiver.url}${path}`, events: ["import.completed", "branch.merged"] },
  });
  expect(hook.status).toBe(201);
  return { ...setup, title, key: ci.key, path };
}

const url = () => api().app.url;
const json = (text: string) => JSON.parse(text) as Record<string, string>;

async function pulled(key: string, branch?: string) {
  const answer = await pullFrom(
    url(),
    {
      format: "json",
      placeholderFormat: "web",
      language: "en",
      ...(branch ? { branch } : {}),
    },
    { key },
  );
  expect(answer.status).toBe(200);
  return json(answer.text);
}

describe("branches from CI: push, pull, status and merge name a branch", () => {
  it("a push to a new branch starts it; main's pull never has its keys until it merges", async () => {
    const { owner, projectId, teamId, key, path } = await world();
    const file = {
      name: "en.json",
      bytes: JSON.stringify({ "home.title": "Welcome", "checkout.pay": "Pay now" }),
    };
    const pushed = await pushWithKey(url(), key, file, { branch: "feature/pay", overwriteExisting: "true" });
    expect(pushed.status).toBe(200);
    expect(pushed.body).toMatchObject({ keysAdded: 1 });

    expect(await pulled(key)).toEqual({ "home.title": "Welcome" });
    expect(await pulled(key, "feature/pay")).toEqual({ "checkout.pay": "Pay now", "home.title": "Welcome" });
    // main by its name is main.
    expect(await pulled(key, "main")).toEqual({ "home.title": "Welcome" });

    const status = await call(keyClient(url(), key), v1Contract.status, { query: { branch: "feature/pay" } });
    expect(status.status).toBe(200);
    expect(status.body.languages.find((l) => l.code === "en")).toMatchObject({ keys: 2 });
    const mainStatus = await call(keyClient(url(), key), v1Contract.status, { query: {} });
    expect(mainStatus.body.languages.find((l) => l.code === "en")).toMatchObject({ keys: 1 });
    const names = await call(keyClient(url(), key), v1Contract.keyNames, {
      query: { branch: "feature/pay" },
    });
    expect(names.body.keys).toEqual(["checkout.pay", "home.title"]);

    // The push's delivery says which branch it went to.
    const [imported] = await receiver.waitFor(
      path,
      1,
      (h) => JSON.parse(h.body).event === "import.completed",
    );
    expect((JSON.parse(imported?.body ?? "{}") as WebhookPayload).branch).toBe("feature/pay");

    const list = await call(keyClient(url(), key), v1Contract.branches, {});
    expect(list.body.branches.map((b) => b.name)).toEqual(["feature/pay"]);
    const merged = await call(keyClient(url(), key), v1Contract.mergeBranch, {
      body: { name: "feature/pay" },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ keysAdded: 1 });
    expect(await pulled(key)).toEqual({ "checkout.pay": "Pay now", "home.title": "Welcome" });

    const [delivery] = await receiver.waitFor(path, 1, (h) => JSON.parse(h.body).event === "branch.merged");
    const payload = JSON.parse(delivery?.body ?? "{}") as WebhookPayload;
    expect(payload).toMatchObject({
      event: "branch.merged",
      projectId,
      branch: "main",
      data: { branch: "feature/pay", into: "main", keysAdded: 1 },
    });
    const activity = await call(owner, contract.activity.list, { params: { teamId }, query: {} });
    expect(activity.body.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(["branch.created", "branch.merged"]),
    );
  });

  it("a merge with conflicts answers 409 until CI says which side takes them", async () => {
    const { owner, title, key } = await world();
    const created = await call(keyClient(url(), key), v1Contract.createBranch, {
      body: { name: "copy/fix" },
    });
    expect(created.status).toBe(201);
    await call(
      owner,
      contract.strings.save,
      { params: { keyId: title, lang: "de" }, body: { value: "Willkommen!", force: true } },
      { headers: { [BRANCH_HEADER]: created.body.id } },
    );
    await saveString(owner, title, "de", "Herzlich willkommen");
    const refused = await fail(keyClient(url(), key), v1Contract.mergeBranch, { body: { name: "copy/fix" } });
    expect(refused.status).toBe(409);
    const merged = await call(keyClient(url(), key), v1Contract.mergeBranch, {
      body: { name: "copy/fix", conflicts: "base" },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.strings).toBe(0);
    const de = await pullFrom(url(), { format: "json", placeholderFormat: "web", language: "de" }, { key });
    expect(json(de.text)).toEqual({ "home.title": "Herzlich willkommen" });

    const archived = await call(keyClient(url(), key), v1Contract.archiveBranch, {
      body: { name: "copy/fix" },
    });
    expect(archived.body.archivedAt).not.toBeNull();
    const gone = await fail(keyClient(url(), key), v1Contract.mergeBranch, { body: { name: "copy/fix" } });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe("No branch named copy/fix");
  });

  it("refuses a bad branch name, and a pull of a branch that does not exist", async () => {
    const { key } = await world();
    const bad = await fail(keyClient(url(), key), v1Contract.createBranch, { body: { name: "../etc" } });
    expect(bad.status).toBe(400);
    const missing = await pullFrom(
      url(),
      { format: "json", placeholderFormat: "web", language: "en", branch: "nope" },
      { key },
    );
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({
      error: { message: "No branch named nope: push to it first, or create it" },
    });
  });
});
