import { strFromU8, unzipSync } from "fflate";
import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ImportResult } from "../../src/shared/schemas/transfer.ts";
import type { ApiClient } from "./api-client.ts";
import { call } from "./contract-client.ts";

/** POST /api/projects/:projectId/import with a file, as the Import dialog sends it. */
export function upload(
  client: ApiClient,
  projectId: string,
  name: string,
  bytes: Uint8Array | string,
  fields: Record<string, string>,
) {
  const form = new FormData();
  form.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return client.upload<ImportResult & { error?: { message: string } }>(
    `/api/projects/${projectId}/import`,
    form,
  );
}

/** The Export dialog's zip, as path → bytes. Throws on an error answer. */
export async function exportFiles(
  client: ApiClient,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Record<string, Uint8Array>> {
  const answer = await client.download("POST", `/api/projects/${projectId}/export`, body);
  if (answer.status !== 200) throw new Error(`export failed: ${answer.status} ${strFromU8(answer.body)}`);
  return unzipSync(answer.body);
}

/** The Export dialog's zip, as path → text. */
export async function exportTexts(
  client: ApiClient,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Record<string, string>> {
  const files = await exportFiles(client, projectId, body);
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

export interface PullAnswer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
  json: () => unknown;
}

export interface PullOptions {
  key?: string;
  headers?: Record<string, string>;
  path?: string;
}

/** A pull as CI sends it: no cookie, no Origin unless given. */
export async function pullFrom(
  baseUrl: string,
  body: unknown,
  options: PullOptions = {},
): Promise<PullAnswer> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.key !== undefined) headers["x-api-key"] = options.key;
  const response = await fetch(`${baseUrl}${options.path ?? "/api/v1/pull"}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: response.status, headers: response.headers, bytes, text, json: () => JSON.parse(text) };
}

/** A project API key, as Project Settings → API Access creates it. */
export async function createApiKey(owner: ApiClient, projectId: string, name?: string) {
  const created = await call(owner, contract.apiKeys.create, {
    params: { projectId },
    body: name === undefined ? {} : { name },
  });
  expect(created.status).toBe(201);
  return created.body;
}
