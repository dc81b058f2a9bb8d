import { readFile } from "node:fs/promises";
import { po } from "gettext-parser";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { contract } from "../../src/shared/contract/index.ts";
import { ecosystemRead } from "../../src/shared/formats/xliff-test-helpers.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, buildUser, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";
import { exportTexts, upload } from "../helpers/transfer.ts";

/**
 * Issue 15, the database side of "files come back as they went in": what the format modules read
 * (order, empty strings, untrimmed keys, descriptions and the rest of the key metadata, string
 * states, file headers) is stored and handed back to the same format on export.
 */
const api = apiAppForThisFile();

async function keysOf(client: ApiClient, projectId: string) {
  const answer = await call(client, contract.keys.list, {
    params: { projectId },
    query: { languages: "en,de" },
  });
  expect(answer.status).toBe(200);
  return answer.body.keys;
}

describe("order", () => {
  it("exports keys in the order of the file they came from, keys added later after them", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const file = '{\n  "zebra": "Z",\n  "apple": "A",\n  "mango": "M"\n}\n';
    expect((await upload(owner, projectId, "en.json", file, { language: "en" })).status).toBe(200);
    await buildKey(owner, projectId, "banana", { source: "B" });
    // A second file with a new key in the middle: known keys keep their place, the new one goes last.
    await upload(owner, projectId, "en.json", '{\n  "apple": "A",\n  "kiwi": "K",\n  "zebra": "Z"\n}\n', {
      language: "en",
    });

    const files = await exportTexts(owner, projectId, { languages: ["en"], format: "json" });
    expect(Object.keys(JSON.parse(files["en.json"] ?? "{}"))).toEqual([
      "zebra",
      "apple",
      "mango",
      "banana",
      "kiwi",
    ]);
    expect(files["en.json"]).toBe(
      '{\n  "zebra": "Z",\n  "apple": "A",\n  "mango": "M",\n  "banana": "B",\n  "kiwi": "K"\n}\n',
    );

    const sorted = await exportTexts(owner, projectId, { languages: ["en"], format: "json", sortKeys: true });
    expect(Object.keys(JSON.parse(sorted["en.json"] ?? "{}"))).toEqual([
      "apple",
      "banana",
      "kiwi",
      "mango",
      "zebra",
    ]);
  });
});

describe("empty strings", () => {
  it("keeps an empty string as a value: exported again, counted as missing, never emptying a cell with text", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await upload(owner, projectId, "en.json", '{"a": "A", "d": "D", "e": "E"}', { language: "en" });
    await upload(owner, projectId, "de.json", '{"a": "Ah", "d": "", "e": "Eh"}', { language: "de" });
    const files = await exportTexts(owner, projectId, { languages: ["de"], format: "json" });
    expect(JSON.parse(files["de.json"] ?? "{}")).toEqual({ a: "Ah", d: "", e: "Eh" });

    const completion = await call(owner, contract.projects.completion, { params: { projectId } });
    expect(completion.body.languages.find((l) => l.code === "de")).toMatchObject({
      missingKeys: 1,
      translatedKeys: 2,
    });

    // Even with overwriteExisting, an empty value in a file does not wipe a translation.
    const answer = await upload(owner, projectId, "de.json", '{"a": "", "e": "Neu"}', {
      language: "de",
      overwriteExisting: "true",
    });
    expect(answer.body).toMatchObject({ translationsAdded: 1 });
    const again = await exportTexts(owner, projectId, { languages: ["de"], format: "json" });
    expect(JSON.parse(again["de.json"] ?? "{}")).toEqual({ a: "Ah", d: "", e: "Neu" });
  });
});

describe("keys as files write them", () => {
  it("keeps spaces around keys: ' and ' and 'and' are two keys", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const file = '{"and": "und", " and ": " und ", "a\\nb": "zwei Zeilen"}';
    const answer = await upload(owner, projectId, "de.json", file, { language: "de" });
    expect(answer.body).toMatchObject({ keysAdded: 3, errors: 0 });
    const keys = (await keysOf(owner, projectId)).map((row) => row.key).sort();
    expect(keys).toEqual([" and ", "a\nb", "and"]);
  });
});

describe("descriptions and key metadata", () => {
  it("keeps .strings comments as descriptions, shows them in the keys API and writes them back", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const file = [
      "/* Title of the login screen */",
      '"login.title" = "Sign in";',
      "",
      '"login.button" = "Go";',
      "",
    ].join("\n");
    await upload(owner, projectId, "en.strings", file, { language: "en" });
    const keys = await keysOf(owner, projectId);
    expect(keys.find((row) => row.key === "login.title")).toMatchObject({
      description: "Title of the login screen",
    });
    expect(keys.find((row) => row.key === "login.button")?.description).toBeUndefined();
    const files = await exportTexts(owner, projectId, { languages: ["en"], format: "strings" });
    const text = Object.values(files).join("");
    expect(text).toContain("/* Title of the login screen */");
    expect(text.indexOf("login.title")).toBeLessThan(text.indexOf("login.button"));
  });

  it("edits description, tags, max length and translatable through PATCH /api/keys/:id, with clear errors", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const key = await call(owner, contract.keys.create, {
      params: { projectId },
      body: { key: "cta", sourceValue: "Buy now", description: "Checkout button", tags: ["checkout"] },
    });
    expect(key.body).toMatchObject({ description: "Checkout button", tags: ["checkout"] });
    const params = { keyId: key.body.id };
    const updated = await call(owner, contract.keys.update, {
      params,
      body: { maxLength: 12, tags: ["checkout", "button", "checkout"], translatable: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      key: "cta",
      description: "Checkout button",
      tags: ["checkout", "button"],
      maxLength: 12,
      translatable: false,
    });
    const cleared = await call(owner, contract.keys.update, {
      params,
      body: { description: null, maxLength: null, tags: [], translatable: true },
    });
    expect(cleared.body).toEqual(
      expect.not.objectContaining({ description: expect.anything(), maxLength: expect.anything() }),
    );
    expect(cleared.body.tags).toBeUndefined();
    expect(cleared.body.translatable).toBeUndefined();

    for (const [body, message] of [
      [{ maxLength: 0 }, "Max length must be at least 1"],
      [{ maxLength: 2.5 }, "Max length must be a whole number"],
      [{ tags: [" "] }, "A tag cannot be empty"],
      [{}, "Nothing to change"],
    ] as const) {
      const refused = await fail(owner, contract.keys.update, { params, body });
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: { message } } });
    }
  });

  it("lets only owners and admins change a key's metadata; a reviewer gets 403, another team 404, nothing changes", async () => {
    const { owner, projectId, teamId } = await ownerWithProject(api(), ["de"]);
    const key = await call(owner, contract.keys.create, {
      params: { projectId },
      body: { key: "cta", description: "Checkout button" },
    });
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    const stranger = await signInAs(await buildUser(api().app));
    const change = {
      params: { keyId: key.body.id },
      body: { description: "Hijacked", tags: ["x"], translatable: false },
    };
    expect((await fail(reviewer, contract.keys.update, change)).status).toBe(403);
    expect((await fail(stranger, contract.keys.update, change)).status).toBe(404);
    const row = (await keysOf(owner, projectId)).find((candidate) => candidate.id === key.body.id);
    expect(row).toMatchObject({ description: "Checkout button" });
    expect(row?.tags).toBeUndefined();
    expect(row?.translatable).toBeUndefined();
  });

  it("does not count a key that must not be translated as missing, nor translate it", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await upload(owner, projectId, "en.json", '{"brand": "Sprog", "hello": "Hello"}', { language: "en" });
    const brand = (await keysOf(owner, projectId)).find((row) => row.key === "brand");
    if (!brand) throw new Error("the import made no key brand");
    const keyId = brand.id;
    await call(owner, contract.keys.update, { params: { keyId }, body: { translatable: false } });
    const completion = await call(owner, contract.projects.completion, { params: { projectId } });
    expect(completion.body.languages.find((l) => l.code === "de")).toMatchObject({
      missingKeys: 1,
      totalKeys: 1,
    });
    const translate = await fail(owner, contract.ai.translate, { params: { keyId, lang: "de" }, body: {} });
    expect(translate).toMatchObject({
      status: 400,
      body: { error: { message: "This key is marked as not translatable" } },
    });
  });
});

describe("Android XML through the database", () => {
  it("comes back byte for byte: comments, tools attributes, markup, translatable=false, arrays, order", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const file = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:tools="http://schemas.android.com/tools" tools:locale="en">
    <!-- Shown on the first screen -->
    <string name="welcome">Welcome, %1$s!</string>
    <string name="brand" translatable="false">Sprog</string>
    <string name="terms">Read the <a href="https://example.com/terms">terms</a></string>
    <string name="empty"></string>
    <string name="unused" tools:ignore="UnusedResources">Old</string>
    <integer-array name="sizes">
        <item>1</item>
        <item>2</item>
    </integer-array>
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
</resources>
`;
    const answer = await upload(owner, projectId, "strings.xml", file, { language: "en" });
    expect(answer.body).toMatchObject({ keysAdded: 7, errors: 0 });
    const keys = await keysOf(owner, projectId);
    expect(keys.find((row) => row.key === "brand")?.translatable).toBe(false);
    expect(keys.find((row) => row.key === "sizes")?.valueType).toBe("json");
    expect(keys.find((row) => row.key === "welcome")?.description).toBe("Shown on the first screen");
    const files = await exportTexts(owner, projectId, { languages: ["en"], format: "xml" });
    expect(Object.values(files)[0]).toBe(file);
  });
});

describe("XLIFF through the database", () => {
  it("gives Angular's ids, notes, locations and states back, read by the xliff package as the original", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["fr"]);
    const file = `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="ng2.template" target-language="fr">
    <body>
      <trans-unit id="3988254322525264093" datatype="html">
        <source>Save</source>
        <target state="translated">Enregistrer</target>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/editor/editor.component.html</context>
          <context context-type="linenumber">21</context>
        </context-group>
        <note priority="1" from="description">Saves the open document</note>
        <note priority="1" from="meaning">file</note>
      </trans-unit>
      <trans-unit id="1702416930186296736" datatype="html">
        <source>Save</source>
        <target state="needs-review-translation">Sauvegarder</target>
        <note priority="1" from="meaning">settings</note>
      </trans-unit>
      <trans-unit id="2910137386693346640" datatype="html">
        <source>Updated <x id="INTERPOLATION" equiv-text="{{ minutes }}"/> minutes ago</source>
        <target state="new"></target>
      </trans-unit>
    </body>
  </file>
</xliff>
`;
    const answer = await upload(owner, projectId, "messages.fr.xlf", file, { language: "fr" });
    expect(answer.body).toMatchObject({ keysAdded: 3, errors: 0 });
    const keys = await keysOf(owner, projectId);
    expect(keys.find((row) => row.key === "3988254322525264093")).toMatchObject({
      description: "Saves the open document",
      context: "file",
    });
    const files = await exportTexts(owner, projectId, { languages: ["fr"], format: "xliff" });
    const exported = Object.values(files)[0] ?? "";
    expect(await ecosystemRead(exported)).toEqual(await ecosystemRead(file));
    expect(exported).toContain('state="needs-review-translation"');
  });
});

describe("corpus files through the database", () => {
  const corpus = (path: string) =>
    readFile(new URL(`../../../shared/corpus/${path}`, import.meta.url), "utf8");

  it("a Rails locale comes back with its lists, numbers, booleans, symbols, order and empty strings", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const original = await corpus("yaml/rails-i18n/rails/locale/de.yml");
    const answer = await upload(owner, projectId, "de.yml", original, { language: "de" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const files = await exportTexts(owner, projectId, { languages: ["de"], format: "yaml" });
    const exported = Object.values(files)[0] ?? "";
    const read = (text: string) => parseYaml(text) as Record<string, unknown>;
    expect(read(exported)).toEqual(read(original));
    expect(JSON.stringify(read(exported))).toBe(JSON.stringify(read(original)));
  });

  it("a nested i18next file comes back with the same keys in the same order, empty values included", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const original = await corpus("json-nested/excalidraw/packages/excalidraw/locales/de-DE.json");
    const answer = await upload(owner, projectId, "de.json", original, { language: "de" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const files = await exportTexts(owner, projectId, { languages: ["de"], format: "json", nested: true });
    const exported = Object.values(files)[0] ?? "";
    expect(JSON.stringify(JSON.parse(exported))).toBe(JSON.stringify(JSON.parse(original)));
  });
});

describe("gettext PO through the database", () => {
  it("a Django catalog comes back as gettext-parser read it: header, contexts, comments, flags, references, order", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const original = await readFile(
      new URL(
        "../../../shared/corpus/gettext-po/django-admin/django/contrib/admin/locale/de/LC_MESSAGES/djangojs.po",
        import.meta.url,
      ),
    );
    const answer = await upload(owner, projectId, "de.po", original, { language: "de" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const files = await exportTexts(owner, projectId, { languages: ["de"], format: "po" });
    const exported = Object.values(files)[0] ?? "";
    const before = po.parse(Buffer.from(original));
    const after = po.parse(Buffer.from(exported));
    expect(Object.entries(after.headers)).toEqual(Object.entries(before.headers));
    expect(after.translations).toEqual(before.translations);
  });
});

describe("ICU messages (issue 33)", () => {
  it("come back as they were written, not re-serialized, in JSON and ARB", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const json =
      '{\n  "files": "{count, plural, one {# file} other {# files} }",\n  "items": "{n,plural,one{# item}other{# items}}"\n}\n';
    expect((await upload(owner, projectId, "en.json", json, { language: "en" })).status).toBe(200);
    const arb =
      '{\n  "@@locale": "de",\n  "files": "{count, plural,\\n  one {# Datei}\\n  other {# Dateien}\\n}"\n}\n';
    expect((await upload(owner, projectId, "app_de.arb", arb, { language: "de" })).status).toBe(200);

    const jsonFiles = await exportTexts(owner, projectId, { languages: ["en"], format: "json" });
    expect(jsonFiles["en.json"]).toBe(json);
    const arbFiles = await exportTexts(owner, projectId, { languages: ["de"], format: "arb" });
    expect(arbFiles["app_de.arb"]).toBe(arb);
  });
});
