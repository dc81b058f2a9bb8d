import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ApiKeyScope } from "../../src/shared/schemas/api-keys.ts";
import { type ApiApp, ownerWithProject } from "./api-app.ts";
import type { ApiClient } from "./api-client.ts";
import { call } from "./contract-client.ts";
import { createApiKey } from "./transfer.ts";

/** A project API key with the given scopes, as Project Settings → API Access creates it. */
export async function createScopedKey(owner: ApiClient, projectId: string, scopes: ApiKeyScope[]) {
  const created = await call(owner, contract.apiKeys.create, {
    params: { projectId },
    body: { name: scopes.join("+"), scopes },
  });
  expect(created.status).toBe(201);
  return created.body;
}

export interface KeyAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: <T = unknown>() => T;
}

async function answerOf(response: Response): Promise<KeyAnswer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T };
}

/** A request made with an API key as CI makes it: no cookie, no Origin. */
export async function getWithKey(baseUrl: string, path: string, key?: string): Promise<KeyAnswer> {
  const headers: Record<string, string> = key === undefined ? {} : { "x-api-key": key };
  return answerOf(await fetch(`${baseUrl}${path}`, { headers }));
}

/** `POST /api/v1/push` with one file (or a zip) and the form's other fields. */
export async function pushWithKey(
  baseUrl: string,
  key: string | undefined,
  file: { name: string; bytes: Uint8Array | string } | undefined,
  fields: Record<string, string> = {},
  path = "/api/v1/push",
): Promise<KeyAnswer> {
  const form = new FormData();
  if (file) {
    const bytes = typeof file.bytes === "string" ? new TextEncoder().encode(file.bytes) : file.bytes;
    form.set("file", new File([new Uint8Array(bytes)], file.name));
  }
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const headers: Record<string, string> = key === undefined ? {} : { "x-api-key": key };
  return answerOf(await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: form }));
}

/** An owner's project (en + de) with two keys, one with a placeholder, and a pull key named CI. */
export async function projectWithTwoKeys(api: ApiApp) {
  const setup = await ownerWithProject(api, ["de"]);
  const { owner, projectId } = setup;
  const greeting = await owner.request<{ id: string }>("POST", `/api/projects/${projectId}/keys`, {
    body: { key: "greeting", sourceValue: "Hello {name}" },
  });
  const save = await owner.request<{ id: string }>("POST", `/api/projects/${projectId}/keys`, {
    body: { key: "button.save", sourceValue: "Save" },
  });
  await owner.request("PUT", `/api/keys/${greeting.body.id}/strings/de`, { body: { value: "Hallo {name}" } });
  await owner.request("PUT", `/api/keys/${save.body.id}/strings/de`, { body: { value: "Speichern" } });
  const key = await createApiKey(owner, projectId, "CI");
  return { ...setup, key, greetingId: greeting.body.id, saveId: save.body.id };
}
