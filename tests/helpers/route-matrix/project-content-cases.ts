import { byPermission, type RouteCase, unique } from "./matrix.ts";

/**
 * Rows of the route × role matrix: projects and their languages, keys, strings (history, restore,
 * AI), batch translation, and import and export.
 */
export const PROJECT_CONTENT_CASES: RouteCase[] = [
  // Projects and languages.
  {
    route: "GET /api/teams/:teamId/projects",
    path: (f) => `/api/teams/${f.teamId}/projects`,
    expected: byPermission("team.view", 200),
  },
  {
    route: "POST /api/teams/:teamId/projects",
    path: (f) => `/api/teams/${f.teamId}/projects`,
    body: () => ({ name: unique("Project ") }),
    expected: byPermission("projects.manage", 201),
  },
  {
    route: "PATCH /api/projects/:id",
    path: (f) => `/api/projects/${f.projectId}`,
    body: () => ({ name: unique("Renamed ") }),
    expected: byPermission("projects.manage", 200),
  },
  {
    route: "DELETE /api/projects/:id",
    path: async (f) => `/api/projects/${await f.freshProject()}`,
    expected: byPermission("projects.manage", 204),
  },
  {
    route: "PUT /api/projects/:id/languages",
    path: (f) => `/api/projects/${f.projectId}/languages`,
    body: () => ({ languages: ["en", "de"] }),
    expected: byPermission("languages.edit", 200),
  },
  {
    route: "GET /api/projects/:id/completion",
    path: (f) => `/api/projects/${f.projectId}/completion`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "GET /api/projects/:id/events",
    path: (f) => `/api/projects/${f.projectId}/events`,
    expected: byPermission("languages.view", 200),
  },

  // Keys and strings.
  {
    route: "GET /api/projects/:id/keys",
    path: (f) => `/api/projects/${f.projectId}/keys?languages=en,de`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "POST /api/projects/:id/keys",
    path: (f) => `/api/projects/${f.projectId}/keys`,
    body: () => ({ key: unique("new.key.") }),
    expected: byPermission("keys.manage", 201),
  },
  {
    route: "PATCH /api/keys/:keyId",
    path: async (f) => `/api/keys/${await f.freshKey()}`,
    body: () => ({ key: unique("renamed.") }),
    expected: byPermission("keys.manage", 200),
  },
  {
    route: "DELETE /api/keys/:keyId",
    path: async (f) => `/api/keys/${await f.freshKey()}`,
    expected: byPermission("keys.manage", 204),
  },
  {
    route: "PUT /api/keys/:keyId/strings/:lang",
    path: (f) => `/api/keys/${f.keyId}/strings/de`,
    body: () => ({ value: unique("Hallo "), force: true }),
    expected: byPermission("strings.edit", 200),
  },
  {
    route: "DELETE /api/projects/:id/strings/:lang",
    path: async (f) => `/api/projects/${await f.freshProject()}/strings/de`,
    expected: byPermission("strings.delete", 200),
  },
  {
    route: "GET /api/keys/:keyId/strings/:lang/history",
    path: (f) => `/api/keys/${f.keyId}/strings/en/history`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "POST /api/keys/:keyId/strings/:lang/restore",
    path: (f) => `/api/keys/${f.keyId}/strings/en/restore`,
    body: (f) => ({ historyId: f.historyId }),
    expected: byPermission("strings.edit", 200),
  },
  {
    route: "POST /api/keys/:keyId/strings/:lang/translate",
    path: (f) => `/api/keys/${f.keyId}/strings/de/translate`,
    body: () => ({}),
    expected: byPermission("strings.edit", 200),
  },
  {
    route: "POST /api/keys/:keyId/strings/:lang/assist",
    path: (f) => `/api/keys/${f.keyId}/strings/en/assist`,
    body: () => ({ action: "shorten" }),
    expected: byPermission("strings.edit", 200),
  },
  {
    route: "GET /api/keys/:keyId/strings/:lang/suggestions",
    path: (f) => `/api/keys/${f.keyId}/strings/de/suggestions`,
    expected: byPermission("strings.edit", 200),
  },

  // Batch translation.
  {
    route: "POST /api/projects/:projectId/batch-translations",
    path: async (f) => `/api/projects/${await f.freshProject()}/batch-translations`,
    body: () => ({ language: "de" }),
    expected: byPermission("strings.batchTranslate", 201),
  },
  {
    route: "GET /api/projects/:projectId/batch-translations",
    path: (f) => `/api/projects/${f.projectId}/batch-translations`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "GET /api/batch-translations/:batchId",
    path: (f) => `/api/batch-translations/${f.batchId}`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "DELETE /api/batch-translations/:batchId",
    path: async (f) => `/api/batch-translations/${await f.runningBatch()}`,
    expected: byPermission("strings.batchTranslate", 200),
  },

  // Files.
  {
    route: "POST /api/projects/:projectId/import",
    path: (f) => `/api/projects/${f.projectId}/import`,
    body: () => {
      const form = new FormData();
      form.set("file", new File([JSON.stringify({ [unique("imported.")]: "Imported" })], "en.json"));
      form.set("language", "en");
      return form;
    },
    expected: byPermission("keys.manage", 200),
  },
  {
    route: "POST /api/projects/:projectId/export",
    path: (f) => `/api/projects/${f.projectId}/export`,
    body: () => ({ languages: ["en", "de"] }),
    expected: byPermission("languages.view", 200),
  },
];
