import { contract } from "../../../src/shared/contract/index.ts";
import { call } from "../contract-client.ts";
import { byPermission, endpointCase, everyone, type Fixture, type RouteCase, unique } from "./matrix.ts";

const MATRIX_HOOK_URL = "https://93.184.215.14/matrix-hook";

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

  // API keys and the pull API (authorized by the key, not a session: every session gets 401). The
  // pull API and its old alias are not in the contract, so their rows are written by hand.
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
  // The same with an API key (`webhooks:manage`): sessions carry none, so everyone gets 401.
  ...(
    [
      ["GET", "/api/v1/webhooks", () => "/api/v1/webhooks"],
      ["POST", "/api/v1/webhooks", () => "/api/v1/webhooks"],
      ["PATCH", "/api/v1/webhooks/:id", async (f: Fixture) => `/api/v1/webhooks/${(await freshHook(f)).id}`],
      ["DELETE", "/api/v1/webhooks/:id", async (f: Fixture) => `/api/v1/webhooks/${(await freshHook(f)).id}`],
      [
        "POST",
        "/api/v1/webhooks/:id/test",
        async (f: Fixture) => `/api/v1/webhooks/${(await freshHook(f)).id}/test`,
      ],
      [
        "GET",
        "/api/v1/webhooks/:id/deliveries",
        async (f: Fixture) => `/api/v1/webhooks/${(await freshHook(f)).id}/deliveries`,
      ],
    ] as const
  ).map(([method, route, path]) => ({ route: `${method} ${route}`, path, expected: everyone(401) })),
  {
    route: "POST /api/v1/pull",
    path: () => "/api/v1/pull",
    body: () => ({ format: "json", placeholderFormat: "web" }),
    expected: everyone(401),
  },
  {
    route: "POST /functions/v1/pull-translations",
    path: () => "/functions/v1/pull-translations",
    body: () => ({ format: "json", placeholderFormat: "web" }),
    expected: everyone(401),
  },
  {
    route: "POST /api/v1/push",
    path: () => "/api/v1/push",
    body: () => ({}),
    expected: everyone(401),
  },
  {
    route: "GET /api/v1/status",
    path: () => "/api/v1/status",
    expected: everyone(401),
  },
  {
    route: "GET /api/v1/keys",
    path: () => "/api/v1/keys",
    expected: everyone(401),
  },
];

/** The public documents and the app itself (not in the contract): everyone gets them alike. */
export const APP_DOCUMENT_CASES: RouteCase[] = [
  { route: "GET /api/openapi.json", path: () => "/api/openapi.json", expected: everyone(200) },
  { route: "GET /api/docs", path: () => "/api/docs", expected: everyone(200) },
  { route: "GET /api/docs/scalar.js", path: () => "/api/docs/scalar.js", expected: everyone(200) },
  { route: "GET /cli/sprog.mjs", path: () => "/cli/sprog.mjs", expected: everyone(200) },
  // The SPA for every other GET (503 when the web is not built, which the statuses of all agree on),
  // and `/` before the built files (the landing's rendered page, not the folder's index.html).
  { route: "GET /", path: () => "/", expected: everyone(-1) },
  { route: "GET /*", path: () => "/app/team", expected: everyone(-1) },
];
