import pg from "pg";
import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { CreateReviewBody, SetApprovalBody } from "../../src/shared/schemas/reviews.ts";
import type { ApiApp, ApiClient } from "./api-app.ts";
import { call } from "./contract-client.ts";
import { buildKey, ownerWithProject } from "./factories.ts";

// Shared by the reviews tests (reviews-api.test.ts, reviews-approvals.test.ts).

/** An owner (named) with a project in en, de, fr and three keys; `b.key` has a German string. */
export async function projectWithKeys(api: ApiApp) {
  const setup = await ownerWithProject(api, ["de", "fr"]);
  const { owner, projectId } = setup;
  await call(owner, contract.profiles.save, { body: { firstName: "Olga", lastName: "Owner" } });
  const b = await buildKey(owner, projectId, "b.key", { source: "Bee", strings: { de: "Biene" } });
  const a = await buildKey(owner, projectId, "a.key", { source: "Ay" });
  const Z = await buildKey(owner, projectId, "Z.key", { source: "Zed" });
  return { ...setup, keys: { a, b, Z } };
}

export async function createReview(client: ApiClient, projectId: string, body: CreateReviewBody) {
  const created = await call(client, contract.reviews.create, { params: { projectId }, body });
  expect(created.status).toBe(201);
  return created.body;
}

export async function getReview(client: ApiClient, reviewId: string) {
  const answer = await call(client, contract.reviews.get, { params: { reviewId } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** A verdict on one key and language (refusals: `fail` with contract.reviews.setApproval). */
export function setApproval(client: ApiClient, reviewId: string, body: SetApprovalBody) {
  return call(client, contract.reviews.setApproval, { params: { reviewId }, body });
}

/** The event bus's own channel (src/server/events/event-bus.ts). */
export async function listenToBus(api: ApiApp): Promise<{ seen: unknown[]; stop: () => Promise<void> }> {
  const seen: unknown[] = [];
  const client = new pg.Client({ connectionString: api.app.server.database.url });
  await client.connect();
  client.on("notification", (message) => {
    if (message.payload) seen.push(JSON.parse(message.payload));
  });
  await client.query("listen sprog_events");
  return { seen, stop: () => client.end() };
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
