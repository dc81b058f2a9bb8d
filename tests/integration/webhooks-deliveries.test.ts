import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { UpdateReviewBody } from "../../src/shared/schemas/reviews.ts";
import type { WebhookDelivery, WebhookEvent, WebhookPayload } from "../../src/shared/schemas/webhooks.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { freePort } from "../helpers/app-server.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { upload } from "../helpers/transfer.ts";
import {
  type ReceivedHook,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../helpers/webhook-receiver.ts";

// Webhook deliveries (issue 20) to a receiver this test runs on 127.0.0.1 (hence
// WEBHOOK_ALLOW_PRIVATE=1), with retries 50 ms apart and hooks turned off after 3 failures.
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const api = apiAppForThisFile({
  env: async () => ({
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_RETRY_BASE_MS: "50",
    WEBHOOK_DISABLE_AFTER_FAILURES: "3",
  }),
});
const hooks = contract.webhooks;
const ALL_EVENTS: WebhookEvent[] = [
  "string.updated",
  "key.created",
  "key.deleted",
  "import.completed",
  "batch.completed",
  "review.completed",
];

let paths = 0;
async function hookedProject(events: WebhookEvent[] = ALL_EVENTS, url?: string) {
  const setup = await ownerWithProject(api(), ["de"]);
  const path = `/hook-${++paths}`;
  const created = await call(setup.owner, hooks.create, {
    params: { projectId: setup.projectId },
    body: { url: url ?? `${receiver.url}${path}`, events },
  });
  expect(created.status).toBe(201);
  return { ...setup, path, hook: created.body };
}

/** The receiver's check, as the docs show it: HMAC-SHA256 of "<t>.<body>", t within 5 minutes. */
function verified(hook: ReceivedHook, secret: string): WebhookPayload {
  const header = String(hook.headers["x-sprog-signature"]);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, t, v1] = match as RegExpExecArray;
  expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
  expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${hook.body}`).digest("hex"));
  const payload = JSON.parse(hook.body) as WebhookPayload;
  expect(hook.headers["x-sprog-event"]).toBe(payload.event);
  expect(hook.headers["x-sprog-delivery"]).toBe(payload.id);
  return payload;
}

const ofEvent = (event: string) => (hook: ReceivedHook) => JSON.parse(hook.body).event === event;

const addKey = (owner: ApiClient, projectId: string, key: string) =>
  buildKey(owner, projectId, key, { source: `Text of ${key}` });

describe("webhook deliveries", () => {
  it("sends each event kind signed with the hook's secret", async () => {
    const { owner, projectId, path, hook } = await hookedProject();

    const keyId = await addKey(owner, projectId, "greeting");
    const [created] = await receiver.waitFor(path, 1, ofEvent("key.created"));
    expect(verified(created as ReceivedHook, hook.secret)).toMatchObject({
      event: "key.created",
      projectId,
      data: { keyId, key: "greeting" },
    });

    await call(owner, contract.strings.save, { params: { keyId, lang: "de" }, body: { value: "Hallo" } });
    const strings = await receiver.waitFor(path, 1, (h) =>
      JSON.stringify(JSON.parse(h.body).data).includes('"language":"de"'),
    );
    expect(verified(strings[0] as ReceivedHook, hook.secret)).toMatchObject({
      event: "string.updated",
      data: { strings: expect.arrayContaining([{ keyId, language: "de" }]) },
    });

    const imported = await upload(owner, projectId, "en.json", JSON.stringify({ a: "A", b: "B" }), {
      language: "en",
      format: "json",
    });
    expect(imported.status).toBe(200);
    const [importDelivery] = await receiver.waitFor(path, 1, ofEvent("import.completed"));
    expect(verified(importDelivery as ReceivedHook, hook.secret).data).toMatchObject({
      keysAdded: 2,
      languages: ["en"],
    });

    const batch = await call(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    expect(batch.status).toBe(201);
    const [batchDelivery] = await receiver.waitFor(path, 1, ofEvent("batch.completed"), 30_000);
    expect(verified(batchDelivery as ReceivedHook, hook.secret).data).toMatchObject({
      id: batch.body.id,
      status: "completed",
    });

    const review = await call(owner, contract.reviews.create, {
      params: { projectId },
      body: { title: "Release", keyIds: [keyId] },
    });
    const reviewId = review.body.id;
    const updateReview = (body: UpdateReviewBody) =>
      call(owner, contract.reviews.update, { params: { reviewId }, body });
    await updateReview({ title: "Release 2" });
    await updateReview({ languagesDone: ["en", "de"] });
    const [reviewDelivery] = await receiver.waitFor(path, 1, ofEvent("review.completed"));
    expect(verified(reviewDelivery as ReceivedHook, hook.secret).data).toMatchObject({
      reviewId,
      title: "Release 2",
    });

    // A review edited after it completed is not completed again.
    await updateReview({ title: "Release 3" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.filter((h) => h.path === path && ofEvent("review.completed")(h))).toHaveLength(
      1,
    );
    // Re-opened and completed again: a new completion, sent again.
    await updateReview({ status: "pending" });
    await updateReview({ languagesDone: ["en", "de"] });
    await receiver.waitFor(path, 2, ofEvent("review.completed"));

    // Last: without its only key the review could not be completed again (issue 34).
    expect((await call(owner, contract.keys.remove, { params: { keyId } })).status).toBe(204);
    const [deleted] = await receiver.waitFor(path, 1, ofEvent("key.deleted"));
    expect(verified(deleted as ReceivedHook, hook.secret).data).toEqual({ keyId });
  });

  it("gathers many string changes into one delivery and sends only the events a hook asked for", async () => {
    const { owner, projectId, path, hook } = await hookedProject(["string.updated"]);
    const keyIds: string[] = [];
    for (const name of ["a", "b", "c", "d", "e"]) keyIds.push(await addKey(owner, projectId, name));
    await Promise.all(
      keyIds.map((keyId, i) =>
        call(owner, contract.strings.save, { params: { keyId, lang: "de" }, body: { value: `Wert ${i}` } }),
      ),
    );
    // The new keys' en strings may come first, gathered on their own: wait for the German edits.
    const german = (h: ReceivedHook) =>
      JSON.parse(h.body).data.strings.filter((s: { language: string }) => s.language === "de").length >= 5;
    const deliveries = await receiver.waitFor(path, 1, german);
    const payload = verified(deliveries[0] as ReceivedHook, hook.secret);
    expect(payload.data.strings).toEqual(
      expect.arrayContaining(keyIds.map((keyId) => ({ keyId, language: "de" }))),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mine = receiver.received.filter((h) => h.path === path);
    // At most the en strings of the new keys and the de edits: two gatherings, never one per string.
    expect(mine.length).toBeLessThanOrEqual(2);
    expect(mine.every(ofEvent("string.updated"))).toBe(true);
  });

  it("sends a test ping and shows each attempt in the delivery log", async () => {
    const { owner, projectId, path, hook } = await hookedProject(["key.created"]);
    receiver.answer(path, 200, "x".repeat(5000));
    const sent = await call(owner, hooks.test, { params: { projectId, id: hook.id } });
    expect(sent.status).toBe(202);
    const [ping] = await receiver.waitFor(path);
    expect(verified(ping as ReceivedHook, hook.secret)).toMatchObject({
      event: "ping",
      id: sent.body.deliveryId,
    });

    const log = await waitForLog(owner, projectId, hook.id, 1);
    expect(log[0]).toMatchObject({
      deliveryId: sent.body.deliveryId,
      event: "ping",
      attempt: 1,
      status: "succeeded",
      responseCode: 200,
      error: null,
    });
    expect(log[0]?.responseBody).toHaveLength(1024);
    expect(log[0]?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("retries a failing receiver with the same delivery id until it answers", async () => {
    const { owner, projectId, path, hook } = await hookedProject(["key.created"]);
    receiver.answer(path, 500, "down for maintenance");
    await addKey(owner, projectId, "retry.me");
    const failed = await receiver.waitFor(path, 2);
    receiver.answer(path, 204);
    const all = await receiver.waitFor(path, 3);
    const ids = new Set(all.map((h) => h.headers["x-sprog-delivery"]));
    expect(ids.size).toBe(1);
    expect((failed[1] as ReceivedHook).at).toBeGreaterThan((failed[0] as ReceivedHook).at);

    const log = await waitForLog(owner, projectId, hook.id, 3);
    expect(log.map((entry) => [entry.attempt, entry.status, entry.responseCode])).toEqual([
      [3, "succeeded", 204],
      [2, "failed", 500],
      [1, "failed", 500],
    ]);
    expect(log[2]).toMatchObject({
      responseBody: "down for maintenance",
      error: "The receiver answered 500",
    });
    const listed = await call(owner, hooks.list, { params: { projectId } });
    expect(listed.body.webhooks[0]).toMatchObject({ enabled: true, disabledReason: null });
  });

  it("turns a hook off after repeated failures and e-mails the owner which hook and why", async () => {
    const { owner, projectId, path, hook, email } = await hookedProject(["key.created"]);
    receiver.answer(path, 503, "no");
    await addKey(owner, projectId, "never.arrives");
    // The owner signed in without a code: this is the first mail to them.
    const mail = await api().mail.waitForMail(email, { timeoutMs: 30_000 });
    expect(mail.subject).toContain("Webhook turned off");
    expect(mail.text).toContain(hook.url);
    expect(mail.text).toContain("3 failed attempts in a row");
    expect(mail.text).toContain("The receiver answered 503");

    const listed = await call(owner, hooks.list, { params: { projectId } });
    expect(listed.body.webhooks[0]).toMatchObject({ enabled: false });
    expect(listed.body.webhooks[0]?.disabledReason).toContain("3 failed attempts in a row");
    expect(receiver.received.filter((h) => h.path === path)).toHaveLength(3);

    // Turned on again by a person: deliveries resume.
    receiver.answer(path, 200);
    const on = await call(owner, hooks.update, {
      params: { projectId, id: hook.id },
      body: { enabled: true },
    });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    await addKey(owner, projectId, "arrives");
    await receiver.waitFor(path, 1, (h) => JSON.parse(h.body).data.key === "arrives");
  });

  it("keeps a hook on when a burst of deliveries fails once each during a short outage", async () => {
    const { owner, projectId, path, hook } = await hookedProject(["key.created"]);
    receiver.answer(path, 502, "restarting");
    // All at once, as a burst is: one by one, a slow server let the first delivery's retries (50 ms
    // apart) fail three times before the fourth key was made, and the hook rightly turned off.
    await Promise.all(["x", "y", "z", "w"].map((name) => addKey(owner, projectId, `burst.${name}`)));
    await receiver.waitFor(path, 4);
    receiver.answer(path, 200);
    // Each of the four arrives in the end, on a later attempt.
    const succeeded = await waitForAttempts(
      owner,
      projectId,
      hook.id,
      (entry) => entry.status === "succeeded",
      4,
    );
    expect(new Set(succeeded.map((entry) => entry.deliveryId)).size).toBe(4);
    const listed = await call(owner, hooks.list, { params: { projectId } });
    expect(listed.body.webhooks[0]).toMatchObject({ enabled: true, disabledReason: null });
  });

  it("logs a clear error for an unreachable receiver", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/nobody`;
    const { owner, projectId, hook } = await hookedProject(["key.created"], url);
    await call(owner, hooks.test, { params: { projectId, id: hook.id } });
    const log = await waitForLog(owner, projectId, hook.id, 1);
    expect(log[0]).toMatchObject({ status: "failed", responseCode: null, event: "ping" });
    expect(log[0]?.error).toBe(`Connection refused by 127.0.0.1:${port}`);
  });
});

/** The hook's attempts that `wanted` picks, once there are `count` of them. */
async function waitForAttempts(
  owner: ApiClient,
  projectId: string,
  id: string,
  wanted: (entry: WebhookDelivery) => boolean,
  count: number,
) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const log = (await call(owner, hooks.deliveries, { params: { projectId, id } })).body.deliveries;
    const picked = log.filter(wanted);
    if (picked.length >= count) return picked;
    if (Date.now() > deadline)
      throw new Error(`the log has ${picked.length} of ${count}: ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForLog(owner: ApiClient, projectId: string, id: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const log = await call(owner, hooks.deliveries, { params: { projectId, id } });
    if (log.body.deliveries.length >= count) return log.body.deliveries;
    if (Date.now() > deadline)
      throw new Error(`the log has ${log.body.deliveries.length} of ${count} attempts`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
