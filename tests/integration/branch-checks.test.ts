import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { clearLanguageOn, createBranch, mergeBranch, on, saveOn } from "../helpers/branches.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";

// Issues 21 and 39: the stored quality checks live in a table of their own (migration 0047), on
// main and on a branch, so that rechecking thousands of translations writes narrow rows, not new
// versions of the strings. What a person sees of them must not change: the Overview's filter and
// counts on main and on a branch, what a merge brings, what a deletion takes.
const api = apiAppForThisFile();

async function world() {
  const setup = await ownerWithProject(api(), ["de", "fr"]);
  const greet = await buildKey(setup.owner, setup.projectId, "greet", {
    source: "Hello {name}",
    strings: { de: "Hallo {name}", fr: "Bonjour {name}" },
  });
  return { ...setup, greet };
}

/** The keys the Overview's "placeholders" filter keeps in a language, on main or on a branch. */
async function failing(client: ApiClient, projectId: string, language: string, branchId?: string) {
  const answer = await call(
    client,
    contract.keys.list,
    { params: { projectId }, query: { lang: language, check: "placeholders" } },
    branchId ? on(branchId) : {},
  );
  expect(answer.status).toBe(200);
  return answer.body.keys.map((k) => k.key);
}

/** The Overview's count of strings failing the placeholders check in a language. */
async function counted(client: ApiClient, projectId: string, language: string, branchId?: string) {
  const answer = await call(
    client,
    contract.keys.facets,
    { params: { projectId }, query: { lang: language } },
    branchId ? on(branchId) : {},
  );
  expect(answer.status).toBe(200);
  return answer.body.checks.find((c) => c.id === "placeholders")?.count ?? 0;
}

async function rowsOf(branchId: string) {
  const rows = await sql<{ strings: number; checks: string[] }>`
    select (select count(*)::int from branch_strings where branch_id = ${branchId}) as strings,
      array(select language_code || ' ' || array_to_string(checks, ',') from branch_checks
        where branch_id = ${branchId} order by 1) as checks
  `.execute(api().db);
  return rows.rows[0];
}

describe("stored checks on a branch", () => {
  it("a source text changed on the branch fails its translations there, as checks of the branch; the merge brings them to main", async () => {
    const { owner, projectId, greet } = await world();
    const branch = await createBranch(owner, projectId, "feature/greeting");
    await saveOn(owner, branch.id, greet, "en", "Hello {user}");

    expect(await failing(owner, projectId, "de", branch.id)).toEqual(["greet"]);
    expect(await counted(owner, projectId, "fr", branch.id)).toBe(1);
    expect(await failing(owner, projectId, "de")).toEqual([]);
    expect(await counted(owner, projectId, "fr")).toBe(0);
    // One string changed on the branch; its translations' checks are rows of their own, not copies
    // of the translations.
    expect(await rowsOf(branch.id)).toEqual({
      strings: 1,
      checks: ["de placeholders", "en ", "fr placeholders"],
    });

    await mergeBranch(owner, branch.id);
    expect(await failing(owner, projectId, "de")).toEqual(["greet"]);
    expect(await counted(owner, projectId, "fr")).toBe(1);
    const onMain = await sql<{ language_code: string; same: boolean }>`
      select c.language_code, c.string_version = t.version as same from string_checks c
      join translation_strings t on t.key_id = c.key_id and t.language_code = c.language_code
      where c.key_id = ${greet} order by 1
    `.execute(api().db);
    expect(onMain.rows).toEqual([
      { language_code: "de", same: true },
      { language_code: "fr", same: true },
    ]);
    // The branch reads as main again, with nothing of its own left.
    expect(await rowsOf(branch.id)).toEqual({ strings: 0, checks: [] });
    expect(await failing(owner, projectId, "de", branch.id)).toEqual(["greet"]);
  });

  it("a translation fixed on the branch passes there while main's still fails; main's is computed anew if it changed meanwhile", async () => {
    const { owner, projectId, greet } = await world();
    await saveString(owner, greet, "de", "Hallo");
    expect(await failing(owner, projectId, "de")).toEqual(["greet"]);

    const branch = await createBranch(owner, projectId, "fix/greeting");
    await saveOn(owner, branch.id, greet, "de", "Hallo {name}!");
    expect(await failing(owner, projectId, "de", branch.id)).toEqual([]);
    expect(await counted(owner, projectId, "de", branch.id)).toBe(0);
    expect(await failing(owner, projectId, "de")).toEqual(["greet"]);

    // The branch changes the source; main fixes its French meanwhile: the branch's French checks
    // were of the old French, so the merge checks main's French again rather than take them.
    await saveOn(owner, branch.id, greet, "en", "Hello {user}");
    expect(await failing(owner, projectId, "fr", branch.id)).toEqual(["greet"]);
    await saveString(owner, greet, "fr", "Bonjour {user}");
    await mergeBranch(owner, branch.id);
    expect(await failing(owner, projectId, "fr")).toEqual([]);
    expect(await failing(owner, projectId, "de")).toEqual(["greet"]);
  });
});

describe("stored checks of a deleted string", () => {
  it("go with it, on main and on a branch", async () => {
    const { owner, projectId, greet } = await world();
    await saveString(owner, greet, "de", "Hallo");
    expect(await counted(owner, projectId, "de")).toBe(1);

    const branch = await createBranch(owner, projectId, "cleanup");
    expect(await clearLanguageOn(owner, projectId, "de", branch.id)).toBe(1);
    expect(await counted(owner, projectId, "de", branch.id)).toBe(0);
    expect(await counted(owner, projectId, "de")).toBe(1);

    expect(await clearLanguageOn(owner, projectId, "de")).toBe(1);
    expect(await counted(owner, projectId, "de")).toBe(0);
    const left = await sql<{ n: number }>`
      select count(*)::int as n from string_checks where project_id = ${projectId} and language_code = 'de'
    `.execute(api().db);
    expect(left.rows[0]?.n).toBe(0);
  });
});
