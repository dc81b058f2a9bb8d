import { contract } from "../../../src/shared/contract/index.ts";
import { PUBLIC_API_DOCUMENT_PATH, v1Contract } from "../../../src/shared/contract/v1.ts";
import { PULL_ALIAS_PATH } from "../../../src/shared/schemas/pull.ts";
import { call, type InputOf } from "../contract-client.ts";
import { byPermission, endpointCase, everyone, type Fixture, type RouteCase, unique } from "./matrix.ts";

const MATRIX_HOOK_URL = "https://93.184.215.14/matrix-hook";
// Typed apart: an input arrow without parameters is inferred before the contract's types reach it,
// which would widen these literals to plain strings.
const MATRIX_HOOK: InputOf<typeof v1Contract.webhooks.create>["body"] = {
  url: MATRIX_HOOK_URL,
  events: ["key.created"],
};
const MATRIX_PULL: InputOf<typeof v1Contract.pull>["body"] = { format: "json", placeholderFormat: "web" };

/** A new webhook of the fixture project, made by its owner, as the params of one hook. */
async function freshHook(f: Fixture) {
  const created = await call(f.owner, contract.webhooks.create, {
    params: { projectId: f.projectId },
    body: { url: MATRIX_HOOK_URL, events: ["key.created"] },
  });
  if (created.status !== 201) throw new Error(`making a webhook failed: ${JSON.stringify(created.body)}`);
  return { projectId: f.projectId, id: created.body.id };
}

/**
 * Rows of the route × role matrix: the tone of voice, reviews and approvals, project API keys and the
 * pull API (authorized by a key, not a session), and the public documents and the app itself.
 */
export const REVIEW_TONE_ACCESS_CASES: RouteCase[] = [
  // Tone of voice.
  endpointCase({
    endpoint: contract.tone.settings,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("tone.view", 200),
  }),
  endpointCase({
    endpoint: contract.tone.updateSettings,
    input: (f) => ({ params: { teamId: f.teamId }, body: { brandTone: unique("Warm ") } }),
    expected: byPermission("tone.manage", 200),
  }),
  endpointCase({
    endpoint: contract.tone.listSections,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("tone.view", 200),
  }),
  endpointCase({
    endpoint: contract.tone.createSection,
    input: (f) => ({ params: { teamId: f.teamId }, body: { title: unique("Section ") } }),
    expected: byPermission("tone.manage", 201),
  }),
  endpointCase({
    endpoint: contract.tone.updateSection,
    input: (f) => ({ params: { id: f.sectionId }, body: { title: unique("Retitled ") } }),
    expected: byPermission("tone.manage", 200),
  }),
  endpointCase({
    endpoint: contract.tone.removeSection,
    input: async (f) => ({ params: { id: await f.freshSection() } }),
    expected: byPermission("tone.manage", 204),
  }),

  // Reviews and approvals.
  endpointCase({
    endpoint: contract.reviews.list,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("reviews.view", 200),
  }),
  endpointCase({
    endpoint: contract.reviews.create,
    input: (f) => ({
      params: { projectId: f.projectId },
      body: { title: unique("Review "), keyIds: [f.keyId] },
    }),
    expected: byPermission("reviews.manage", 201),
  }),
  endpointCase({
    endpoint: contract.reviews.approvals,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("reviews.view", 200),
  }),
  endpointCase({
    endpoint: contract.reviews.get,
    input: async (f) => ({ params: { reviewId: await f.freshReview() } }),
    expected: byPermission("reviews.view", 200),
  }),
  endpointCase({
    endpoint: contract.reviews.update,
    input: async (f) => ({
      params: { reviewId: await f.freshReview() },
      body: { title: unique("Retitled ") },
    }),
    expected: byPermission("reviews.manage", 200),
  }),
  endpointCase({
    endpoint: contract.reviews.remove,
    input: async (f) => ({ params: { reviewId: await f.freshReview() } }),
    expected: byPermission("reviews.manage", 204),
  }),
  endpointCase({
    endpoint: contract.reviews.addKeys,
    input: async (f) => ({ params: { reviewId: await f.freshReview([]) }, body: { keyIds: [f.keyId] } }),
    expected: byPermission("reviews.manage", 200),
  }),
  endpointCase({
    endpoint: contract.reviews.removeKey,
    input: async (f) => ({ params: { reviewId: await f.freshReview(), keyId: f.keyId } }),
    expected: byPermission("reviews.manage", 200),
  }),
  endpointCase({
    endpoint: contract.reviews.setApproval,
    input: async (f) => ({
      params: { reviewId: await f.freshReview() },
      body: { keyId: f.keyId, language: "de", state: "approved" },
    }),
    expected: byPermission("reviews.approve", 200),
  }),

  // Project API keys, which the public API below is authorized by.
  endpointCase({
    endpoint: contract.apiKeys.list,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("projects.manageApiKeys", 200),
  }),
  endpointCase({
    endpoint: contract.apiKeys.create,
    input: (f) => ({ params: { projectId: f.projectId }, body: { name: unique("CI ") } }),
    expected: byPermission("projects.manageApiKeys", 201),
  }),
  endpointCase({
    endpoint: contract.apiKeys.revoke,
    input: async (f) => ({ params: { id: await f.freshApiKey() } }),
    expected: byPermission("projects.manageApiKeys", 204),
  }),

  // Webhooks (issue 20): owner and admin. A public address written as an IP needs no DNS to be accepted.
  endpointCase({
    endpoint: contract.webhooks.list,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("webhooks.manage", 200),
  }),
  endpointCase({
    endpoint: contract.webhooks.create,
    input: (f) => ({
      params: { projectId: f.projectId },
      body: { url: MATRIX_HOOK_URL, events: ["key.created"] },
    }),
    expected: byPermission("webhooks.manage", 201),
  }),
  endpointCase({
    endpoint: contract.webhooks.update,
    input: async (f) => ({ params: await freshHook(f), body: { events: ["key.deleted"] } }),
    expected: byPermission("webhooks.manage", 200),
  }),
  endpointCase({
    endpoint: contract.webhooks.remove,
    input: async (f) => ({ params: await freshHook(f) }),
    expected: byPermission("webhooks.manage", 204),
  }),
  endpointCase({
    endpoint: contract.webhooks.test,
    input: async (f) => ({ params: await freshHook(f) }),
    expected: byPermission("webhooks.manage", 202),
  }),
  endpointCase({
    endpoint: contract.webhooks.deliveries,
    input: async (f) => ({ params: await freshHook(f) }),
    expected: byPermission("webhooks.manage", 200),
  }),
  // The public API (/api/v1) is authorized by an API key, which sessions do not carry: everyone
  // gets 401, the webhooks' (`webhooks:manage`) as the pull's and the push's.
  endpointCase({ endpoint: v1Contract.webhooks.list, expected: everyone(401) }),
  endpointCase({
    endpoint: v1Contract.webhooks.create,
    input: () => ({ body: MATRIX_HOOK }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: v1Contract.webhooks.update,
    input: async (f) => ({ params: { id: (await freshHook(f)).id }, body: { events: ["key.deleted"] } }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: v1Contract.webhooks.remove,
    input: async (f) => ({ params: { id: (await freshHook(f)).id } }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: v1Contract.webhooks.test,
    input: async (f) => ({ params: { id: (await freshHook(f)).id } }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: v1Contract.webhooks.deliveries,
    input: async (f) => ({ params: { id: (await freshHook(f)).id } }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: v1Contract.pull,
    input: () => ({ body: MATRIX_PULL }),
    expected: everyone(401),
  }),
  // The pull's compatible alias (not a route of the contract: the same endpoint at the spec's path).
  {
    route: `POST ${PULL_ALIAS_PATH}`,
    path: () => PULL_ALIAS_PATH,
    body: () => MATRIX_PULL,
    expected: everyone(401),
  },
  endpointCase({
    endpoint: v1Contract.push,
    input: () => ({ body: { file: new File(["{}"], "en.json") } }),
    expected: everyone(401),
  }),
  endpointCase({ endpoint: v1Contract.status, input: () => ({ query: {} }), expected: everyone(401) }),
  endpointCase({ endpoint: v1Contract.keyNames, input: () => ({ query: {} }), expected: everyone(401) }),
];

/** The public documents and the app itself (not in the contract): everyone gets them alike. */
export const APP_DOCUMENT_CASES: RouteCase[] = [
  { route: "GET /api/openapi.json", path: () => "/api/openapi.json", expected: everyone(200) },
  // The public API's own document, served without a key.
  {
    route: `GET /api${PUBLIC_API_DOCUMENT_PATH}`,
    path: () => `/api${PUBLIC_API_DOCUMENT_PATH}`,
    expected: everyone(200),
  },
  { route: "GET /api/docs", path: () => "/api/docs", expected: everyone(200) },
  { route: "GET /api/docs/scalar.js", path: () => "/api/docs/scalar.js", expected: everyone(200) },
  { route: "GET /cli/sprog.mjs", path: () => "/cli/sprog.mjs", expected: everyone(200) },
  // The SPA for every other GET (503 when the web is not built, which the statuses of all agree on),
  // and `/` before the built files (the landing's rendered page, not the folder's index.html).
  { route: "GET /", path: () => "/", expected: everyone(-1) },
  { route: "GET /*", path: () => "/app/team", expected: everyone(-1) },
];
