import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import type { ApiKeyScope } from "../../src/shared/schemas/api-keys.ts";
import type { ApiApp } from "./api-app.ts";
import type { ApiClient } from "./api-client.ts";
import { call, fail, type InputOf } from "./contract-client.ts";
import { buildKey, ownerWithProject } from "./factories.ts";
import { createApiKey, keyClient } from "./transfer.ts";

/** A project API key with the given scopes, as Project Settings → API Access creates it. */
export async function createScopedKey(owner: ApiClient, projectId: string, scopes: ApiKeyScope[]) {
  const created = await call(owner, contract.apiKeys.create, {
    params: { projectId },
    body: { name: scopes.join("+"), scopes },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** The push form's fields besides the file. */
export type PushFields = Omit<InputOf<typeof v1Contract.push>["body"], "file">;

/** A file to push: its name (which may say its language and format) and its bytes or text. */
export interface PushedFile {
  name: string;
  bytes: Uint8Array | string;
}

function fileOf({ name, bytes }: PushedFile): File {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name);
}

/** A push as CI sends it (`v1Contract.push`): one file (or a zip) and the form's other fields. */
export function pushWithKey(baseUrl: string, key: string, file: PushedFile, fields: PushFields = {}) {
  return call(keyClient(baseUrl, key), v1Contract.push, { body: { ...fields, file: fileOf(file) } });
}

/** A push the server should refuse: perhaps no key or no file, any fields. */
export function refusedPush(
  baseUrl: string,
  key: string | undefined,
  file: PushedFile | undefined,
  fields: Record<string, string> = {},
) {
  const body = file === undefined ? fields : { ...fields, file: fileOf(file) };
  return fail(keyClient(baseUrl, key), v1Contract.push, { body });
}

/** An owner's project (en + de) with two keys, one with a placeholder, and a pull key named CI. */
export async function projectWithTwoKeys(api: ApiApp) {
  const setup = await ownerWithProject(api, ["de"]);
  const { owner, projectId } = setup;
  const greetingId = await buildKey(owner, projectId, "greeting", {
    source: "Hello {name}",
    strings: { de: "Hallo {name}" },
  });
  const saveId = await buildKey(owner, projectId, "button.save", {
    source: "Save",
    strings: { de: "Speichern" },
  });
  const key = await createApiKey(owner, projectId, "CI");
  return { ...setup, key, greetingId, saveId };
}
