import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ApiApp } from "./api-app.ts";
import type { ApiClient } from "./api-client.ts";
import { createBranch, on } from "./branches.ts";
import { call } from "./contract-client.ts";
import { buildKey, ownerWithProject } from "./factories.ts";

/**
 * The branches model's world (issue 39), shared by its test files: a project with three keys and a
 * branch of it, and what the Overview reads of it on main or on a branch, as short lines.
 */

/** An owner's project in en and de with three keys, and a branch `feature/checkout` of it. */
export async function branchWorld(app: ApiApp) {
  const setup = await ownerWithProject(app, ["de"]);
  const { owner, projectId } = setup;
  const keys = {
    title: await buildKey(owner, projectId, "home.title", {
      source: "Welcome",
      strings: { de: "Willkommen" },
    }),
    cart: await buildKey(owner, projectId, "cart.empty", { source: "Your cart is empty" }),
    old: await buildKey(owner, projectId, "legacy.banner", { source: "Old banner" }),
  };
  const branch = await createBranch(owner, projectId, "feature/checkout");
  return { ...setup, keys, branch };
}

/** The keys a list shows (searched and filtered by `query`), as `name: en / de` lines, on main or on a branch. */
export async function listed(
  client: ApiClient,
  projectId: string,
  branchId?: string,
  query: Record<string, string> = {},
) {
  const list = await call(
    client,
    contract.keys.list,
    { params: { projectId }, query },
    branchId ? on(branchId) : {},
  );
  expect(list.status).toBe(200);
  return list.body.keys.map(
    (k) =>
      `${k.key}: ${k.strings.en?.value ?? "-"} / ${k.strings.de?.value ?? "-"}${k.branchChange ? ` (${k.branchChange})` : ""}`,
  );
}

/** The completion a project shows, as `language: translated/total` lines, on main or on a branch. */
export async function completionOf(client: ApiClient, projectId: string, branchId?: string) {
  const answer = await call(
    client,
    contract.projects.completion,
    { params: { projectId } },
    branchId ? on(branchId) : {},
  );
  return answer.body.languages.map((l) => `${l.code}: ${l.translatedKeys}/${l.totalKeys}`);
}

/** The German filter counts the Overview shows, groups included, on main or on a branch. */
export async function facetsOf(client: ApiClient, projectId: string, branchId?: string) {
  const answer = await call(
    client,
    contract.keys.facets,
    { params: { projectId }, query: { lang: "de" } },
    branchId ? on(branchId) : {},
  );
  const { total, translated, missing, groups } = answer.body;
  return { total, translated, missing, groups: groups.map((g) => `${g.name} ${g.count}`) };
}
