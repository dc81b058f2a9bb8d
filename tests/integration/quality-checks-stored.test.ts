import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { recheckProject } from "../../src/server/quality/recheck.job.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { addKeyOn, createBranch, on, saveOn } from "../helpers/branches.ts";
import { call, fail, type InputOf } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";
import { upload } from "../helpers/transfer.ts";

/**
 * Issue 21: every string's failing quality checks are stored with it (save, import, AI write), kept
 * current when its source text or its key's max length changes, filtered and counted by the
 * Overview, and hidden for the checks a project turns off.
 */
const api = apiAppForThisFile();

async function stored(projectId: string, language: string): Promise<Record<string, string[]>> {
  const rows = await sql<{ key: string; checks: string[] }>`
    select k.key, coalesce(c.checks, '{}') as checks
    from translation_strings t join translation_keys k on k.id = t.key_id
    left join string_checks c on c.key_id = t.key_id and c.language_code = t.language_code
    where t.project_id = ${projectId} and t.language_code = ${language}
  `.execute(api().db);
  return Object.fromEntries(rows.rows.map((r) => [r.key, [...r.checks]]));
}

async function list(owner: ApiClient, projectId: string, query: InputOf<typeof contract.keys.list>["query"]) {
  const answer = await call(owner, contract.keys.list, { params: { projectId }, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.keys.map((row) => row.key);
}

async function facets(
  owner: ApiClient,
  projectId: string,
  query: InputOf<typeof contract.keys.facets>["query"],
) {
  const answer = await call(owner, contract.keys.facets, { params: { projectId }, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe("stored quality checks", () => {
  it("are written with each save and counted and filtered per check", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const save = await buildKey(owner, projectId, "save", { source: "Save changes!" });
    const hello = await buildKey(owner, projectId, "hello", { source: "Hello {name}" });
    const fine = await buildKey(owner, projectId, "fine", { source: "Welcome" });
    await saveString(owner, save, "de", "Änderungen speichern");
    await saveString(owner, hello, "de", "Hallo");
    await saveString(owner, fine, "de", "Willkommen");

    const de = await stored(projectId, "de");
    expect(de.save).toContain("punctuation");
    expect(de.hello).toContain("placeholders");
    expect(de.fine).toEqual([]);

    expect(await list(owner, projectId, { lang: "de", check: "punctuation" })).toEqual(["save"]);
    expect(await list(owner, projectId, { lang: "de", check: "issues" })).toEqual(["hello", "save"]);
    expect(await list(owner, projectId, { lang: "de", placeholders: "1" })).toEqual(["hello"]);
    const counts = await facets(owner, projectId, { lang: "de" });
    expect(counts.issues).toBe(2);
    expect(counts.placeholders).toBe(1);
    expect(counts.checks).toEqual(
      expect.arrayContaining([
        { id: "punctuation", count: 1 },
        { id: "placeholders", count: 1 },
      ]),
    );

    // Fixed by a person: the stored check goes with the old text.
    await saveString(owner, save, "de", "Änderungen speichern!");
    expect((await stored(projectId, "de")).save).toEqual([]);
    expect(await list(owner, projectId, { lang: "de", check: "punctuation" })).toEqual([]);
  });

  it("are checked again when the source text or the key's max length changes", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const title = await buildKey(owner, projectId, "title", { source: "Settings" });
    await saveString(owner, title, "de", "Einstellungen");
    expect((await stored(projectId, "de")).title).toEqual([]);

    await saveString(owner, title, "en", "Settings for {name}");
    expect((await stored(projectId, "de")).title).toContain("placeholders");

    const patched = await call(owner, contract.keys.update, {
      params: { keyId: title },
      body: { maxLength: 5 },
    });
    expect(patched.status).toBe(200);
    expect((await stored(projectId, "de")).title).toContain("max_length");
    expect((await stored(projectId, "en")).title).toContain("max_length");
  });

  it("are hidden, not counted and not filtered for the checks a project turns off", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const save = await buildKey(owner, projectId, "save", { source: "Save!" });
    await saveString(owner, save, "de", "Speichern");
    expect((await facets(owner, projectId, { lang: "de" })).issues).toBe(1);

    const updated = await call(owner, contract.projects.update, {
      params: { projectId },
      body: { disabledChecks: ["punctuation"] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.disabledChecks).toEqual(["punctuation"]);
    expect((await facets(owner, projectId, { lang: "de" })).issues).toBe(0);
    expect(await list(owner, projectId, { lang: "de", check: "punctuation" })).toEqual([]);
    // Still stored: turning the check back on needs no recomputation.
    expect((await stored(projectId, "de")).save).toContain("punctuation");

    const refused = await fail(owner, contract.projects.update, {
      params: { projectId },
      body: { disabledChecks: ["no_such_check"] },
    });
    expect(refused.status).toBe(400);
  });

  it("are written by a file import, and a whole project can be checked again", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const en = await upload(owner, projectId, "en.json", JSON.stringify({ a: "Open  file", b: "Close" }), {
      language: "en",
    });
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    const de = await upload(owner, projectId, "de.json", JSON.stringify({ a: "Datei öffnen", b: "Close" }), {
      language: "de",
    });
    expect(de.status, JSON.stringify(de.body)).toBe(200);
    expect((await stored(projectId, "en")).a).toContain("double_space");
    expect((await stored(projectId, "de")).b).toContain("same_as_source");

    // What an older server left (no checks stored) is put right by the background recheck.
    await sql`delete from string_checks where project_id = ${projectId}`.execute(api().db);
    expect(await recheckProject(api().db, projectId)).toBe(2);
    expect((await stored(projectId, "de")).b).toContain("same_as_source");
  });
});

describe("stored checks follow the glossary", () => {
  it("checks the team's strings again in the background when a term is added", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await buildKey(owner, projectId, "title", { source: "Your workspace" });
    await saveString(owner, keyId, "de", "Dein Raum");
    expect((await stored(projectId, "de")).title).toEqual([]);
    const term = await call(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "workspace", translations: { de: "Arbeitsbereich" } },
    });
    expect(term.status).toBe(201);
    const deadline = Date.now() + 20_000;
    while (!(await stored(projectId, "de")).title?.includes("glossary_missing")) {
      if (Date.now() > deadline) throw new Error("the glossary check was not stored");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await list(owner, projectId, { lang: "de", check: "glossary_missing" })).toEqual(["title"]);
  });

  it("checks a branch's own strings again too, against the branch's texts", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const title = await buildKey(owner, projectId, "title", { source: "Your workspace" });
    await saveString(owner, title, "de", "Dein Raum");
    const branch = await createBranch(owner, projectId, "feature/menu");
    // The branch rewords the title's German, and adds a key of its own.
    await saveOn(owner, branch.id, title, "de", "Dein Bereich");
    const menu = await addKeyOn(owner, projectId, branch.id, "menu", "Open the workspace");
    await saveOn(owner, branch.id, menu, "de", "Öffnen");
    const failing = async (branchId?: string) => {
      const answer = await call(
        owner,
        contract.keys.list,
        { params: { projectId }, query: { lang: "de", check: "glossary_missing" } },
        branchId ? on(branchId) : {},
      );
      return answer.body.keys.map((k) => k.key);
    };
    expect(await failing(branch.id)).toEqual([]);

    const term = await call(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "workspace", translations: { de: "Arbeitsbereich" } },
    });
    expect(term.status).toBe(201);
    const deadline = Date.now() + 20_000;
    while ((await failing(branch.id)).length < 2) {
      if (Date.now() > deadline)
        throw new Error(`the branch's checks were not stored: ${await failing(branch.id)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await failing(branch.id)).toEqual(["menu", "title"]);
    expect(await failing()).toEqual(["title"]);
  });
});
