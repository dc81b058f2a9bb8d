import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, buildUser, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";
import { upload } from "../helpers/transfer.ts";

const api = apiAppForThisFile({ env: async () => ({ MAX_UPLOAD_MB: "1" }) });
const corpus = (path: string) => readFile(new URL(`../../../shared/corpus/${path}`, import.meta.url));

async function snapshot(projectId: string) {
  const db = api().db;
  const [keys, strings, history, project] = await Promise.all([
    db
      .selectFrom("translation_keys")
      .select("key")
      .where("project_id", "=", projectId)
      .orderBy("key")
      .execute(),
    db
      .selectFrom("translation_strings")
      .select(["key_id", "language_code", "value"])
      .where("project_id", "=", projectId)
      .execute(),
    db.selectFrom("string_history").select("id").where("project_id", "=", projectId).execute(),
    db.selectFrom("projects").select("languages").where("id", "=", projectId).executeTakeFirstOrThrow(),
  ]);
  return {
    keys: keys.length,
    strings: strings.length,
    history: history.length,
    languages: project.languages,
  };
}

describe("import", () => {
  it("imports a nested JSON file: keys, translations, a new language, history origin import", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const file = JSON.stringify({
      home: { title: "Willkommen", greet: "Hallo {name}" },
      save: "Speichern",
      "123": "x",
    });
    const answer = await upload(owner, projectId, "de.json", file, { language: "de" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ keysAdded: 3, translationsAdded: 3, languagesAdded: 1, errors: 1 });
    expect(answer.body.warnings.join(" ")).toContain("123");
    const keys = await call(owner, contract.keys.list, {
      params: { projectId },
      query: { languages: "en,de" },
    });
    expect(keys.status).toBe(200);
    const history = await sql<{
      origin: string;
    }>`select distinct origin from string_history where project_id = ${projectId}`.execute(api().db);
    expect(history.rows).toEqual([{ origin: "import" }]);
    expect((await snapshot(projectId)).languages).toEqual(["en", "de"]);
  });

  it("keeps existing translations unless overwriteExisting, and can reset the language list", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["fr", "es"]);
    await upload(owner, projectId, "de.json", JSON.stringify({ save: "Speichern" }), { language: "de" });
    const kept = await upload(
      owner,
      projectId,
      "de.json",
      JSON.stringify({ save: "Sichern", open: "Öffnen" }),
      { language: "de" },
    );
    expect(kept.body).toMatchObject({ keysAdded: 1, translationsAdded: 1, languagesAdded: 0 });
    const over = await upload(owner, projectId, "de.json", JSON.stringify({ save: "Sichern" }), {
      language: "de",
      overwriteExisting: "true",
      resetLanguageList: "true",
    });
    expect(over.body).toMatchObject({ translationsAdded: 1 });
    expect((await snapshot(projectId)).languages).toEqual(["en", "de"]);
    const value = await api()
      .db.selectFrom("translation_strings as s")
      .innerJoin("translation_keys as k", "k.id", "s.key_id")
      .select("s.value")
      .where("k.project_id", "=", projectId)
      .where("k.key", "=", "save")
      .where("s.language_code", "=", "de")
      .executeTakeFirstOrThrow();
    expect(value.value).toBe("Sichern");
  });

  it("refuses bad files with a clear message and changes nothing", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await upload(owner, projectId, "de.json", JSON.stringify({ keep: "Behalten" }), { language: "de" });
    const before = await snapshot(projectId);
    const cases: [string, Uint8Array | string, string | RegExp][] = [
      ["de.json", '{"a": "b",', "Invalid JSON file. Please check the file format."],
      ["de.json", new Uint8Array([0, 159, 146, 150, 0, 1, 2]), /^(Invalid JSON file|Error processing file)/],
      [
        "de.json",
        `${'{"a":'.repeat(10_000)}"x"${"}".repeat(10_000)}`,
        /^(Invalid JSON file|Error processing file)/,
      ],
      [
        "strings.xml",
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><resources><string name="a">&lol2;</string></resources>',
        /^Error processing file/,
      ],
      ["de.xml", '<resources><string name="a">unterminated', /^Error processing file/],
      ["notes.txt", "hello", /^Error processing file/],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await upload(owner, projectId, name, bytes, { language: "de" });
      expect(answer.status, name).toBe(400);
      expect(answer.body.error?.message, name).toMatch(message);
    }
    expect(await snapshot(projectId)).toEqual(before);

    const missing = await upload(owner, projectId, "de.json", "{}", { language: "" });
    expect(missing.body.error?.message).toBe("Missing data or language selection");
    const big = await upload(owner, projectId, "de.json", JSON.stringify({ big: "x".repeat(1_200_000) }), {
      language: "de",
    });
    expect(big.status).toBe(413);
    expect(big.body.error?.message).toMatch(/larger than the 1 MB limit/);
    expect(await snapshot(projectId)).toEqual(before);
  });

  it("lets owners and admins import, not reviewers or strangers", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    expect((await upload(reviewer, projectId, "de.json", '{"a":"b"}', { language: "de" })).status).toBe(403);
    const stranger = await signInAs(await buildUser(api().app));
    expect((await upload(stranger, projectId, "de.json", '{"a":"b"}', { language: "de" })).status).toBe(404);
    expect((await upload(owner, projectId, "de.json", '{"a":"b"}', { language: "de" })).status).toBe(200);
  });

  it("imports real corpus files in every format the registry reads", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const files: [string, string, string][] = [
      ["json-flat/umami/src/lang/de-DE.json", "de-DE.json", "de"],
      ["json-nested/excalidraw/packages/excalidraw/locales/de-DE.json", "de-DE.json", "de"],
      ["yaml/rails-i18n/rails/locale/de.yml", "de.yml", "de"],
      ["ios-strings/Loop/Loop/de.lproj/Localizable.strings", "Localizable.strings", "de"],
      [
        "ios-strings/wikipedia-ios-stringsdict/Wikipedia/Localizations/pl.lproj/Localizable.stringsdict",
        "Localizable.stringsdict",
        "pl",
      ],
      [
        "android-strings-xml/apps-android-wikipedia/app/src/main/res/values-ru/strings.xml",
        "strings.xml",
        "ru",
      ],
      ["gettext-po/django-admin/django/contrib/admin/locale/de/LC_MESSAGES/djangojs.po", "djangojs.po", "de"],
      [
        "xliff-1.2/symfony-security/src/Symfony/Component/Security/Core/Resources/translations/security.de.xlf",
        "security.de.xlf",
        "de",
      ],
    ];
    for (const [path, name, language] of files) {
      const bytes = await corpus(path).catch(() => undefined);
      if (!bytes) throw new Error(`corpus file missing: ${path}`);
      const answer = await upload(owner, projectId, name, bytes, { language });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      expect(answer.body.translationsAdded, path).toBeGreaterThan(0);
    }
  });
});

describe("export", () => {
  it("zips the chosen languages in the chosen format with placeholders converted", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await buildKey(owner, projectId, "home.greet", {
      source: "Hello {name}",
      strings: { de: "Hallo {name}" },
    });
    const answer = await call(owner, contract.transfer.export, {
      params: { projectId },
      body: { languages: ["en", "de"], format: "json", nested: true, placeholderFormat: "android" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="translations-${projectId}.zip"`,
    );
    const files = unzipSync(answer.body);
    expect(Object.keys(files).sort()).toEqual(["de.json", "en.json"]);
    expect(JSON.parse(strFromU8(files["de.json"] as Uint8Array))).toEqual({ home: { greet: "Hallo %1$s" } });

    const none = await fail(owner, contract.transfer.export, {
      params: { projectId },
      body: { languages: [] },
    });
    expect(none).toMatchObject({
      status: 400,
      body: { error: { message: "Please select at least one language to export" } },
    });
  });

  it("round-trips: every format's export imports back into a new project without changes", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await upload(owner, projectId, "en.json", JSON.stringify({ a: { title: "Title {name}" }, b: "Two" }), {
      language: "en",
    });
    await upload(owner, projectId, "de.json", JSON.stringify({ a: { title: "Titel {name}" }, b: "Zwei" }), {
      language: "de",
    });
    const original = await api()
      .db.selectFrom("translation_strings as s")
      .innerJoin("translation_keys as k", "k.id", "s.key_id")
      .select(["k.key", "s.language_code", "s.value"])
      .where("k.project_id", "=", projectId)
      .orderBy("k.key")
      .orderBy("s.language_code")
      .execute();
    const formats = [
      "json",
      "strings",
      "xml",
      "po",
      "xliff",
      "xliff2",
      "csv",
      "xlsx",
      "yaml",
      "arb",
    ] as const;
    for (const format of formats) {
      const zip = await call(owner, contract.transfer.export, {
        params: { projectId },
        body: { languages: ["en", "de"], format },
      });
      expect(zip.status, format).toBe(200);
      const target = await ownerWithProject(api(), []);
      for (const [path, bytes] of Object.entries(unzipSync(zip.body))) {
        const language = /(^|[/_.-])de([/_.-]|$)/.test(path) ? "de" : "en";
        const answer = await upload(target.owner, target.projectId, path.split("/").pop() ?? path, bytes, {
          language,
        });
        expect(answer.status, `${format} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      }
      const copied = await api()
        .db.selectFrom("translation_strings as s")
        .innerJoin("translation_keys as k", "k.id", "s.key_id")
        .select(["k.key", "s.language_code", "s.value"])
        .where("k.project_id", "=", target.projectId)
        .orderBy("k.key")
        .orderBy("s.language_code")
        .execute();
      expect(copied, format).toEqual(original);
    }
  });
});
