import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { BRANCH_HEADER } from "../../src/shared/schemas/branches.ts";
import type { ApiClient } from "./api-client.ts";
import { call } from "./contract-client.ts";

// Shared by the branches tests (branches-model.test.ts, branches-reviews.test.ts).

export async function createBranch(client: ApiClient, projectId: string, name: string, base?: string) {
  const created = await call(client, contract.branches.create, {
    params: { projectId },
    body: base ? { name, base } : { name },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** Call options that put a request of the web app on the branch. */
export const on = (branchId: string) => ({ headers: { [BRANCH_HEADER]: branchId } });

export async function saveOn(
  client: ApiClient,
  branchId: string,
  keyId: string,
  language: string,
  value: string,
) {
  const saved = await call(
    client,
    contract.strings.save,
    { params: { keyId, lang: language }, body: { value, force: true } },
    on(branchId),
  );
  expect(saved.status).toBe(200);
}

export async function diffOf(client: ApiClient, branchId: string) {
  const diff = await call(client, contract.branches.diff, { params: { id: branchId } });
  expect(diff.status).toBe(200);
  return diff.body;
}

/** Adds a key with its source text on the branch; answers its id. */
export async function addKeyOn(
  client: ApiClient,
  projectId: string,
  branchId: string,
  key: string,
  sourceValue: string,
): Promise<string> {
  const added = await call(
    client,
    contract.keys.create,
    { params: { projectId }, body: { key, sourceValue } },
    on(branchId),
  );
  expect(added.status).toBe(201);
  return added.body.id;
}

/** Renames a key on the branch. */
export async function renameOn(client: ApiClient, branchId: string, keyId: string, key: string) {
  const renamed = await call(
    client,
    contract.keys.update,
    { params: { keyId }, body: { key } },
    on(branchId),
  );
  expect(renamed.status).toBe(200);
}

/** Empties a language of the project, on a branch or on main; answers how many strings went. */
export async function clearLanguageOn(
  client: ApiClient,
  projectId: string,
  language: string,
  branchId?: string,
) {
  const cleared = await call(
    client,
    contract.strings.clearLanguage,
    { params: { projectId, lang: language } },
    branchId ? on(branchId) : {},
  );
  expect(cleared.status).toBe(200);
  return cleared.body.deleted;
}

/** Merges the branch into its base (nothing to resolve); the merge's answer. */
export async function mergeBranch(client: ApiClient, branchId: string) {
  const merged = await call(client, contract.branches.merge, { params: { id: branchId }, body: {} });
  expect(merged.status).toBe(200);
  return merged.body;
}
