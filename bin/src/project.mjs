import { callJson } from "./http.mjs";

/**
 * The project's status (GET /api/v1/status), fetched once per run: its languages and source
 * language, which pull (for Android's values/) and push (which file is the source) need.
 */
export function projectInfo(client) {
  client.status ??= callJson(client, "GET", "status");
  return client.status;
}

/** A mapping's source language: its own `source`, else the project's. */
export async function sourceOf(client, mapping) {
  if (mapping.source) return mapping.source;
  const status = await projectInfo(client);
  return status.project.sourceLanguage;
}
