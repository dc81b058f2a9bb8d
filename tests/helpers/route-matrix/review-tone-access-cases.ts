import { byPermission, everyone, type RouteCase, unique } from "./matrix.ts";

/**
 * Rows of the route × role matrix: the tone of voice, reviews and approvals, project API keys and the
 * pull API (authorized by a key, not a session), and the public documents and the app itself.
 */
export const REVIEW_TONE_ACCESS_CASES: RouteCase[] = [
  // Tone of voice.
  {
    route: "GET /api/teams/:teamId/tone",
    path: (f) => `/api/teams/${f.teamId}/tone`,
    expected: byPermission("tone.view", 200),
  },
  {
    route: "PUT /api/teams/:teamId/tone",
    path: (f) => `/api/teams/${f.teamId}/tone`,
    body: () => ({ brandTone: unique("Warm ") }),
    expected: byPermission("tone.manage", 200),
  },
  {
    route: "GET /api/teams/:teamId/tone/sections",
    path: (f) => `/api/teams/${f.teamId}/tone/sections`,
    expected: byPermission("tone.view", 200),
  },
  {
    route: "POST /api/teams/:teamId/tone/sections",
    path: (f) => `/api/teams/${f.teamId}/tone/sections`,
    body: () => ({ title: unique("Section ") }),
    expected: byPermission("tone.manage", 201),
  },
  {
    route: "PATCH /api/tone/sections/:id",
    path: (f) => `/api/tone/sections/${f.sectionId}`,
    body: () => ({ title: unique("Retitled ") }),
    expected: byPermission("tone.manage", 200),
  },
  {
    route: "DELETE /api/tone/sections/:id",
    path: async (f) => `/api/tone/sections/${await f.freshSection()}`,
    expected: byPermission("tone.manage", 204),
  },

  // Reviews and approvals.
  {
    route: "GET /api/projects/:projectId/reviews",
    path: (f) => `/api/projects/${f.projectId}/reviews`,
    expected: byPermission("reviews.view", 200),
  },
  {
    route: "POST /api/projects/:projectId/reviews",
    path: (f) => `/api/projects/${f.projectId}/reviews`,
    body: (f) => ({ title: unique("Review "), keyIds: [f.keyId] }),
    expected: byPermission("reviews.manage", 201),
  },
  {
    route: "GET /api/projects/:projectId/approvals",
    path: (f) => `/api/projects/${f.projectId}/approvals`,
    expected: byPermission("reviews.view", 200),
  },
  {
    route: "GET /api/reviews/:reviewId",
    path: async (f) => `/api/reviews/${await f.freshReview()}`,
    expected: byPermission("reviews.view", 200),
  },
  {
    route: "PATCH /api/reviews/:reviewId",
    path: async (f) => `/api/reviews/${await f.freshReview()}`,
    body: () => ({ title: unique("Retitled ") }),
    expected: byPermission("reviews.manage", 200),
  },
  {
    route: "DELETE /api/reviews/:reviewId",
    path: async (f) => `/api/reviews/${await f.freshReview()}`,
    expected: byPermission("reviews.manage", 204),
  },
  {
    route: "POST /api/reviews/:reviewId/keys",
    path: async (f) => `/api/reviews/${await f.freshReview([])}/keys`,
    body: (f) => ({ keyIds: [f.keyId] }),
    expected: byPermission("reviews.manage", 200),
  },
  {
    route: "DELETE /api/reviews/:reviewId/keys/:keyId",
    path: async (f) => `/api/reviews/${await f.freshReview()}/keys/${f.keyId}`,
    expected: byPermission("reviews.manage", 200),
  },
  {
    route: "PUT /api/reviews/:reviewId/approvals",
    path: async (f) => `/api/reviews/${await f.freshReview()}/approvals`,
    body: (f) => ({ keyId: f.keyId, language: "de", state: "approved" }),
    expected: byPermission("reviews.approve", 200),
  },

  // API keys and the pull API (authorized by the key, not a session: every session gets 401).
  {
    route: "GET /api/projects/:projectId/api-keys",
    path: (f) => `/api/projects/${f.projectId}/api-keys`,
    expected: byPermission("projects.manageApiKeys", 200),
  },
  {
    route: "POST /api/projects/:projectId/api-keys",
    path: (f) => `/api/projects/${f.projectId}/api-keys`,
    body: () => ({ name: unique("CI ") }),
    expected: byPermission("projects.manageApiKeys", 201),
  },
  {
    route: "DELETE /api/api-keys/:id",
    path: async (f) => `/api/api-keys/${await f.freshApiKey()}`,
    expected: byPermission("projects.manageApiKeys", 204),
  },
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

/** The public documents and the app itself: everyone gets them alike. */
export const APP_DOCUMENT_CASES: RouteCase[] = [
  { route: "GET /api/openapi.json", path: () => "/api/openapi.json", expected: everyone(200) },
  { route: "GET /api/docs", path: () => "/api/docs", expected: everyone(200) },
  { route: "GET /api/docs/scalar.js", path: () => "/api/docs/scalar.js", expected: everyone(200) },
  { route: "GET /cli/sprog.mjs", path: () => "/cli/sprog.mjs", expected: everyone(200) },
  // The SPA for every other GET (503 when the web is not built, which the statuses of all agree on).
  { route: "GET /*", path: () => "/app/team", expected: everyone(-1) },
];
