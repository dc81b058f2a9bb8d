import { contract } from "../../../src/shared/contract/index.ts";
import { byPermission, endpointCase, everyone, type RouteCase, unique } from "./matrix.ts";

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
];

/** The public documents and the app itself (not in the contract): everyone gets them alike. */
export const APP_DOCUMENT_CASES: RouteCase[] = [
  { route: "GET /api/openapi.json", path: () => "/api/openapi.json", expected: everyone(200) },
  { route: "GET /api/docs", path: () => "/api/docs", expected: everyone(200) },
  { route: "GET /api/docs/scalar.js", path: () => "/api/docs/scalar.js", expected: everyone(200) },
  { route: "GET /cli/sprog.mjs", path: () => "/cli/sprog.mjs", expected: everyone(200) },
  // The SPA for every other GET (503 when the web is not built, which the statuses of all agree on).
  { route: "GET /*", path: () => "/app/team", expected: everyone(-1) },
];
