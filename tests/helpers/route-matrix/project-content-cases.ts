import { contract } from "../../../src/shared/contract/index.ts";
import { byPermission, endpointCase, type RouteCase, unique } from "./matrix.ts";

/**
 * Rows of the route × role matrix: projects and their languages, keys, strings (history, restore,
 * AI), batch translation, and import and export.
 */
export const PROJECT_CONTENT_CASES: RouteCase[] = [
  // Projects and languages.
  endpointCase({
    endpoint: contract.projects.list,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("team.view", 200),
  }),
  endpointCase({
    endpoint: contract.projects.create,
    input: (f) => ({ params: { teamId: f.teamId }, body: { name: unique("Project ") } }),
    expected: byPermission("projects.manage", 201),
  }),
  endpointCase({
    endpoint: contract.projects.update,
    input: (f) => ({ params: { projectId: f.projectId }, body: { name: unique("Renamed ") } }),
    expected: byPermission("projects.manage", 200),
  }),
  endpointCase({
    endpoint: contract.projects.remove,
    input: async (f) => ({ params: { projectId: await f.freshProject() } }),
    expected: byPermission("projects.manage", 204),
  }),
  endpointCase({
    endpoint: contract.projects.setLanguages,
    input: (f) => ({ params: { projectId: f.projectId }, body: { languages: ["en", "de"] } }),
    expected: byPermission("languages.edit", 200),
  }),
  endpointCase({
    endpoint: contract.projects.completion,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("languages.view", 200),
  }),
  endpointCase({
    endpoint: contract.events.stream,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("languages.view", 200),
  }),

  // Keys and strings.
  endpointCase({
    endpoint: contract.keys.list,
    input: (f) => ({ params: { projectId: f.projectId }, query: { languages: "en,de" } }),
    expected: byPermission("languages.view", 200),
  }),
  endpointCase({
    endpoint: contract.keys.facets,
    input: (f) => ({ params: { projectId: f.projectId }, query: { lang: "de", missing: "1" } }),
    expected: byPermission("languages.view", 200),
  }),
  endpointCase({
    endpoint: contract.keys.create,
    input: (f) => ({ params: { projectId: f.projectId }, body: { key: unique("new.key.") } }),
    expected: byPermission("keys.manage", 201),
  }),
  endpointCase({
    endpoint: contract.keys.update,
    input: async (f) => ({ params: { keyId: await f.freshKey() }, body: { key: unique("renamed.") } }),
    expected: byPermission("keys.manage", 200),
  }),
  endpointCase({
    endpoint: contract.keys.remove,
    input: async (f) => ({ params: { keyId: await f.freshKey() } }),
    expected: byPermission("keys.manage", 204),
  }),
  endpointCase({
    endpoint: contract.strings.save,
    input: (f) => ({
      params: { keyId: f.keyId, lang: "de" },
      body: { value: unique("Hallo "), force: true },
    }),
    expected: byPermission("strings.edit", 200),
  }),
  endpointCase({
    endpoint: contract.strings.clearLanguage,
    input: async (f) => ({ params: { projectId: await f.freshProject(), lang: "de" } }),
    expected: byPermission("strings.delete", 200),
  }),
  endpointCase({
    endpoint: contract.strings.history,
    input: (f) => ({ params: { keyId: f.keyId, lang: "en" } }),
    expected: byPermission("languages.view", 200),
  }),
  endpointCase({
    endpoint: contract.strings.restore,
    input: (f) => ({ params: { keyId: f.keyId, lang: "en" }, body: { historyId: f.historyId } }),
    expected: byPermission("strings.edit", 200),
  }),
  endpointCase({
    endpoint: contract.ai.translate,
    input: (f) => ({ params: { keyId: f.keyId, lang: "de" }, body: {} }),
    expected: byPermission("strings.edit", 200),
  }),
  endpointCase({
    endpoint: contract.assist.assist,
    input: (f) => ({ params: { keyId: f.keyId, lang: "en" }, body: { action: "shorten" } }),
    expected: byPermission("strings.edit", 200),
  }),
  endpointCase({
    endpoint: contract.memory.suggestions,
    input: (f) => ({ params: { keyId: f.keyId, lang: "de" } }),
    expected: byPermission("strings.edit", 200),
  }),

  // Batch translation.
  endpointCase({
    endpoint: contract.batch.start,
    input: async (f) => ({ params: { projectId: await f.freshProject() }, body: { language: "de" } }),
    expected: byPermission("strings.batchTranslate", 201),
  }),
  endpointCase({
    endpoint: contract.batch.active,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("languages.view", 200),
  }),
  endpointCase({
    endpoint: contract.batch.get,
    input: (f) => ({ params: { batchId: f.batchId } }),
    expected: byPermission("languages.view", 200),
  }),
  endpointCase({
    endpoint: contract.batch.cancel,
    input: async (f) => ({ params: { batchId: await f.runningBatch() } }),
    expected: byPermission("strings.batchTranslate", 200),
  }),

  // Files. The import's body is multipart in the contract: the matrix sends it as FormData.
  endpointCase({
    endpoint: contract.transfer.import,
    input: (f) => ({
      params: { projectId: f.projectId },
      body: {
        file: new File([JSON.stringify({ [unique("imported.")]: "Imported" })], "en.json"),
        language: "en",
      },
    }),
    expected: byPermission("keys.manage", 200),
  }),
  endpointCase({
    endpoint: contract.transfer.export,
    input: (f) => ({ params: { projectId: f.projectId }, body: { languages: ["en", "de"] } }),
    // Spec point 6: Export is one of canManageKeys' actions.
    expected: byPermission("keys.manage", 200),
  }),
];
