import { type Kysely, type KyselyPlugin, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../../src/server/db/schema.ts";
import { createMemoryService } from "../../src/server/memory/memory-service.ts";
import { createAccess } from "../../src/server/teams/access.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import {
  buildKey,
  buildProject,
  buildUser,
  memberOf,
  ownerWithProject,
  signInAs,
} from "../helpers/factories.ts";

const api = apiAppForThisFile();

/** A key with its source text (en) and translations, written through the API as users do. */
const addKey = (
  client: ApiClient,
  projectId: string,
  key: string,
  source: string | undefined,
  strings: Record<string, string> = {},
) => buildKey(client, projectId, key, source === undefined ? { strings } : { source, strings });

async function suggestions(client: ApiClient, keyId: string, language = "de") {
  const answer = await call(client, contract.memory.suggestions, { params: { keyId, lang: language } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.suggestions;
}

/**
 * pg_trgm's own similarity of two texts as the percentage the API answers: 100 only when identical
 * (trigrams ignore punctuation and case, so a different text can have a similarity of 1).
 */
async function percentOf(a: string, b: string): Promise<number> {
  if (a === b) return 100;
  const { rows } = await sql<{
    p: number;
  }>`select round(similarity(${a}::text, ${b}::text) * 100)::int as p`.execute(api().db);
  return Math.min(99, rows[0]?.p ?? -1);
}

async function newProject(client: ApiClient, teamId: string, name: string, languages: string[]) {
  return (await buildProject(client, teamId, { name, languages })).id;
}

describe("translation memory suggestions", () => {
  it("ranks an identical source first at 100 %, then similar ones by their percentage", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const keyId = await addKey(owner, projectId, "settings.save", "Save changes", { de: "Sichern" });
    await addKey(owner, projectId, "dialog.save", "Save changes", { de: "Änderungen speichern" });
    await addKey(owner, projectId, "form.save", "Save all changes", {
      de: "Alle Änderungen speichern",
      fr: "Enregistrer toutes les modifications",
    });
    await addKey(owner, projectId, "account.delete", "Delete account", { de: "Konto löschen" });

    const list = await suggestions(owner, keyId);
    expect(list).toEqual([
      {
        keyId: expect.any(String),
        keyName: "dialog.save",
        projectName: "App",
        source: "Save changes",
        translation: "Änderungen speichern",
        similarity: 100,
      },
      {
        keyId: expect.any(String),
        keyName: "form.save",
        projectName: "App",
        source: "Save all changes",
        translation: "Alle Änderungen speichern",
        similarity: await percentOf("Save changes", "Save all changes"),
      },
    ]);
    const similar = list[1]?.similarity ?? 0;
    expect(similar).toBeGreaterThanOrEqual(30);
    expect(similar).toBeLessThan(100);

    // Per language: only keys translated into French.
    expect((await suggestions(owner, keyId, "fr")).map((s) => s.translation)).toEqual([
      "Enregistrer toutes les modifications",
    ]);
  });

  it("never suggests the key itself, empty translations or missing ones", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await addKey(owner, projectId, "a.title", "Welcome back", { de: "Willkommen zurück" });
    await addKey(owner, projectId, "b.title", "Welcome back", { de: "" });
    await addKey(owner, projectId, "c.title", "Welcome back!");
    expect(await suggestions(owner, keyId)).toEqual([]);

    const other = await addKey(owner, projectId, "d.title", "Welcome back");
    expect((await suggestions(owner, other)).map((s) => s.keyName)).toEqual(["a.title"]);
  });

  it("takes every project of the team with the same source language, and nothing else", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await addKey(owner, projectId, "inbox.empty", "Your inbox is empty");

    // Another project of the team: included, with its name.
    const web = await newProject(owner, teamId, "Web", ["en", "de"]);
    await addKey(owner, web, "inbox.none", "Your inbox is empty", { de: "Dein Posteingang ist leer" });

    // A project of the team whose source language is French: its English strings are translations,
    // not source texts, so they are not matched even when identical.
    const french = await newProject(owner, teamId, "Français", ["en", "de", "fr"]);
    await api().db.updateTable("projects").set({ source_language: "fr" }).where("id", "=", french).execute();
    await addKey(owner, french, "inbox.fr", "Your inbox is empty", {
      de: "Posteingang leer (aus dem Französischen)",
      fr: "Your inbox is empty",
    });

    // A project that had German once: its hidden German strings are not offered.
    const dropped = await newProject(owner, teamId, "Old", ["en", "de"]);
    await addKey(owner, dropped, "inbox.old", "Your inbox is empty", { de: "Postfach leer (alt)" });
    await call(owner, contract.projects.setLanguages, {
      params: { projectId: dropped },
      body: { languages: ["en"] },
    });

    // Another team with the same text: never seen.
    const stranger = await ownerWithProject(api(), ["de"]);
    await addKey(stranger.owner, stranger.projectId, "inbox.empty", "Your inbox is empty", {
      de: "Geheim: Posteingang leer",
    });

    const list = await suggestions(owner, keyId);
    expect(list.map((s) => [s.projectName, s.keyName, s.translation, s.similarity])).toEqual([
      ["Web", "inbox.none", "Dein Posteingang ist leer", 100],
    ]);
    // And the other way round: the stranger sees only their own team (nothing but their key).
    const theirs = await addKey(stranger.owner, stranger.projectId, "inbox.empty2", "Your inbox is empty");
    expect((await suggestions(stranger.owner, theirs)).map((s) => s.translation)).toEqual([
      "Geheim: Posteingang leer",
    ]);
  });

  it("answers at most 5, identical first, one per translation, best match kept", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await addKey(owner, projectId, "upload.done", "Upload your files now");
    await addKey(owner, projectId, "same.1", "Upload your files now", {
      de: "Lade jetzt deine Dateien hoch",
    });
    await addKey(owner, projectId, "same.2", "Upload your files now", {
      de: "Lade jetzt deine Dateien hoch",
    });
    // The same translation for a weaker match: shown once, as the identical one.
    await addKey(owner, projectId, "weaker", "Upload your files", { de: "Lade jetzt deine Dateien hoch" });
    const similar = [
      "Upload your files now please",
      "Upload all your files now",
      "Upload your new files now",
      "Upload your files right now",
      "Please upload your files now",
      "Upload your photo files now",
    ];
    for (const [i, text] of similar.entries()) {
      await addKey(owner, projectId, `similar.${i}`, text, { de: `Übersetzung ${i}` });
    }

    const list = await suggestions(owner, keyId);
    expect(list).toHaveLength(5);
    expect(list[0]).toMatchObject({ translation: "Lade jetzt deine Dateien hoch", similarity: 100 });
    expect(["same.1", "same.2"]).toContain(list[0]?.keyName);
    expect(new Set(list.map((s) => s.translation)).size).toBe(5);
    const percents = list.map((s) => s.similarity);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    // The four kept are the four best of the six similar ones.
    const expected = await Promise.all(similar.map((text) => percentOf("Upload your files now", text)));
    expect(percents.slice(1)).toEqual(expected.sort((a, b) => b - a).slice(0, 4));
    for (const s of list.slice(1)) expect(s.similarity).toBeLessThan(100);
  });

  it("finds identical texts that have no trigrams (only punctuation)", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await addKey(owner, projectId, "sep.a", "…");
    await addKey(owner, projectId, "sep.b", "…", { de: "…" });
    await addKey(owner, projectId, "sep.c", "—", { de: "–" });
    expect((await suggestions(owner, keyId)).map((s) => [s.keyName, s.similarity])).toEqual([["sep.b", 100]]);
  });

  it("answers an empty list for a key without source text", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await addKey(owner, projectId, "x.filled", "Anything", { de: "Irgendwas" });
    const keyId = await addKey(owner, projectId, "x.empty", undefined);
    expect(await suggestions(owner, keyId)).toEqual([]);
    const blank = await addKey(owner, projectId, "x.blank", "   ");
    expect(await suggestions(owner, blank)).toEqual([]);
  });

  it("checks who asks and for which language", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await addKey(owner, projectId, "greeting", "Good morning");
    await addKey(owner, projectId, "greeting.copy", "Good morning", { de: "Guten Morgen" });
    const refused = (client: ApiClient, cell: { keyId: string; lang: string }) =>
      fail(client, contract.memory.suggestions, { params: cell });
    const german = { keyId, lang: "de" };

    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    expect((await suggestions(reviewer, keyId)).map((s) => s.translation)).toEqual(["Guten Morgen"]);

    const outsider = await signInAs(await buildUser(api().app));
    expect(await refused(outsider, german)).toMatchObject({
      status: 404,
      body: { error: { code: "not_found", message: "Key not found" } },
    });
    expect((await refused(api().client(), german)).status).toBe(401);
    expect((await refused(owner, { keyId: "00000000-0000-4000-8000-000000000000", lang: "de" })).status).toBe(
      404,
    );
    expect((await refused(owner, { keyId: "not-a-uuid", lang: "de" })).status).toBe(400);

    expect(await refused(owner, { keyId, lang: "ja" })).toMatchObject({
      status: 400,
      body: { error: { code: "validation_failed", message: "Japanese is not a language of this project" } },
    });
    const source = await refused(owner, { keyId, lang: "en" });
    expect(source.status).toBe(400);
    expect(source.body.error.message).toMatch(/source language/);
  });

  it("is described in the OpenAPI document", async () => {
    // The document is made from the contract and is not one of its endpoints: its path is written out.
    const doc = await api()
      .client()
      .request<{ paths: Record<string, { get?: { summary?: string } }> }>("GET", "/api/openapi.json");
    expect(doc.body.paths["/keys/{keyId}/strings/{lang}/suggestions"]?.get?.summary).toMatch(
      /Translation memory/,
    );
  });
});

/** Counts the statements a Kysely instance sends (BEGIN/COMMIT are not statements of ours). */
function counting(db: Kysely<DB>) {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => count };
}

describe("translation memory examples for the AI", () => {
  it("gives up to 3 examples of at least 70 % per key, never the key itself, for a chunk in one query", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const memoryTexts = {
      exact: ["Your changes have been saved", "Deine Änderungen wurden gespeichert"],
      close: ["Your changes have been saved.", "Deine Änderungen wurden gespeichert."],
      closer: ["All your changes have been saved", "Alle deine Änderungen wurden gespeichert"],
      near: ["Your changes have now been saved", "Deine Änderungen sind jetzt gespeichert"],
      far: ["Your settings were saved", "Deine Einstellungen wurden gespeichert"],
      unrelated: ["Delete this photo forever", "Dieses Foto für immer löschen"],
    } as const;
    const memoryKeys: Record<string, string> = {};
    for (const [name, [source, de]] of Object.entries(memoryTexts)) {
      memoryKeys[name] = await addKey(owner, projectId, `memory.${name}`, source, { de });
    }
    // 50 untranslated keys in one chunk: one matches, the others are about something else.
    const texts: { keyId: string; text: string }[] = [];
    for (let i = 0; i < 49; i++) {
      const text = `Zebra number ${i} crossed the road at ${i * 7} o'clock`;
      texts.push({ keyId: await addKey(owner, projectId, `zebra.${i}`, text), text });
    }
    const asking = await addKey(owner, projectId, "asking", "Your changes have been saved");
    texts.push({ keyId: asking, text: "Your changes have been saved" });
    // A memory key asking for itself is not its own example.
    const exactKey = memoryKeys.exact ?? "";
    texts.push({ keyId: exactKey, text: "Your changes have been saved" });

    const { db, count } = counting(api().db);
    const memory = createMemoryService({ db, access: createAccess(db) });
    const chunk = texts.slice(0, 50);
    const examples = await memory.examplesFor({
      teamId,
      sourceLanguage: "en",
      targetLanguage: "de",
      texts: chunk,
    });
    // Whether the team has translations people wrote at all (with the lookup's settings: two
    // statements), then the similarity threshold and one query for the whole chunk.
    expect(count()).toBe(4);

    const expected = [];
    for (const [source, translation] of Object.values(memoryTexts)) {
      const similarity = await percentOf("Your changes have been saved", source);
      if (similarity >= 70) expected.push({ source, translation, similarity });
    }
    expected.sort((a, b) => b.similarity - a.similarity);
    expect(expected.length).toBeGreaterThan(3); // the fixture must exercise the limit
    expect(examples.get(asking)).toEqual(expected.slice(0, 3));
    expect([...examples.keys()]).toEqual([asking]);

    // The 51st text goes in a second query; the memory key does not find itself.
    const all = await memory.examplesFor({ teamId, sourceLanguage: "en", targetLanguage: "de", texts });
    expect(count()).toBe(4 + 6);
    const own = all.get(exactKey) ?? [];
    expect(own.map((e) => e.source)).not.toContain("Your changes have been saved");
    expect(own[0]).toMatchObject({ source: expected[1]?.source });
    for (const list of all.values()) {
      expect(list.length).toBeLessThanOrEqual(3);
      for (const example of list) expect(example.similarity).toBeGreaterThanOrEqual(70);
    }

    // Another team, or another target language, finds nothing.
    const stranger = await ownerWithProject(api(), ["de"]);
    expect(
      (
        await memory.examplesFor({
          teamId: stranger.teamId,
          sourceLanguage: "en",
          targetLanguage: "de",
          texts,
        })
      ).size,
    ).toBe(0);
    expect(
      (await memory.examplesFor({ teamId, sourceLanguage: "en", targetLanguage: "fr", texts })).size,
    ).toBe(0);
    expect(
      (await memory.examplesFor({ teamId, sourceLanguage: "en", targetLanguage: "de", texts: [] })).size,
    ).toBe(0);
  });
  it("learns only from translations people wrote or checked, and asks nothing more when there are none", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const asking = await addKey(owner, projectId, "asking", "Your changes have been saved");
    const texts = [{ keyId: asking, text: "Your changes have been saved" }];
    const byPerson = await addKey(owner, projectId, "person", "All your changes have been saved", {
      de: "Alle deine Änderungen wurden gespeichert",
    });
    const { db, count } = counting(api().db);
    const memory = createMemoryService({ db, access: createAccess(db) });

    // Unverified AI output and pseudo-localization are not examples.
    const machine = await addKey(owner, projectId, "machine", "Your changes have now been saved");
    await sql`
      insert into translation_strings (key_id, project_id, language_code, value, machine)
      values (${machine}, ${projectId}, 'de', 'Ihre Änderungen sind nun gespeichert', 'ai')
      on conflict (key_id, language_code) do update set value = excluded.value, machine = excluded.machine
    `.execute(api().db);
    const examples = await memory.examplesFor({ teamId, sourceLanguage: "en", targetLanguage: "de", texts });
    expect(examples.get(asking)?.map((example) => example.translation)).toEqual([
      "Alle deine Änderungen wurden gespeichert",
    ]);

    // Only machine output in the language: one cheap question (and its settings), no ranking.
    await sql`update translation_strings set machine = 'pseudo' where key_id = ${byPerson} and language_code = 'de'`.execute(
      api().db,
    );
    const before = count();
    const none = await memory.examplesFor({ teamId, sourceLanguage: "en", targetLanguage: "de", texts });
    expect(none.size).toBe(0);
    expect(count() - before).toBe(2);
  });
});
