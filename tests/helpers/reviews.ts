import pg from "pg";
import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import type { Approval, CreateReviewBody } from "../../src/shared/schemas/reviews.ts";
import { type ApiApp, type ApiClient, ownerWithProject } from "./api-app.ts";
import { call } from "./contract-client.ts";

// Shared by the reviews tests (reviews-api.test.ts, reviews-approvals.test.ts).

export interface ErrorBody {
  error: { code: string; message: string };
}

export async function addKey(owner: ApiClient, projectId: string, key: string, sourceValue?: string) {
  const created = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
    body: sourceValue === undefined ? { key } : { key, sourceValue },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

export async function saveString(client: ApiClient, keyId: string, language: string, value: string) {
  const saved = await client.request("PUT", `/api/keys/${keyId}/strings/${language}`, {
    body: { value, force: true },
  });
  expect(saved.status).toBe(200);
}

/** An owner (named) with a project in en, de, fr and three keys; `b.key` has a German string. */
export async function projectWithKeys(api: ApiApp) {
  const setup = await ownerWithProject(api, ["de", "fr"]);
  const { owner, projectId } = setup;
  await owner.request("PUT", "/api/profile", { body: { firstName: "Olga", lastName: "Owner" } });
  const b = await addKey(owner, projectId, "b.key", "Bee");
  const a = await addKey(owner, projectId, "a.key", "Ay");
  const Z = await addKey(owner, projectId, "Z.key", "Zed");
  await saveString(owner, b, "de", "Biene");
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

export async function setApproval(client: ApiClient, reviewId: string, body: Record<string, unknown>) {
  return client.request<Approval & ErrorBody>("PUT", `/api/reviews/${reviewId}/approvals`, { body });
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
