import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey, pushWithKey } from "../helpers/key-requests.ts";
import { createApiKey, exportTexts, pullFrom, upload } from "../helpers/transfer.ts";

/**
 * Issue 33, many files per language: i18next namespaces (`locales/{lang}/common.json`,
 * `auth.json`). Each key belongs to the file it came from; export, pull and push keep each file
 * with its own keys, byte for byte; a key two files share is kept apart as `auth:title`.
 */
const api = apiAppForThisFile();

const FILES: Record<string, string> = {
  "en/common.json": '{\n    "title": "Shop",\n    "save": "Save"\n}\n',
  "en/auth.json": '{\n    "title": "Sign in",\n    "password": "Password"\n}\n',
  "de/common.json": '{\n    "title": "Laden",\n    "save": "Speichern"\n}\n',
  "de/auth.json": '{\n    "title": "Anmelden",\n    "password": "Passwort"\n}\n',
};

async function keysOf(client: ApiClient, projectId: string, namespace?: string) {
  const answer = await call(client, contract.keys.list, {
    params: { projectId },
    query: { languages: "en,de", namespace },
  });
  expect(answer.status).toBe(200);
  return answer.body.keys.map((row) => [row.key, row.namespace ?? "", row.strings.de?.value]);
}

async function world() {
  const { owner, projectId } = await ownerWithProject(api(), ["de"]);
  const warnings: string[] = [];
  for (const [path, text] of Object.entries(FILES)) {
    // The Import dialog sends the file's own name: the namespace is read from it.
    const answer = await upload(owner, projectId, path.split("/")[1] ?? "", text, {
      language: path.split("/")[0] ?? "",
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // A key kept under another name is said, not counted as an error: nothing was lost.
    expect(answer.body.errors).toBe(0);
    warnings.push(...answer.body.warnings);
  }
  return { owner, projectId, warnings };
}

describe("namespaces: several files per language", () => {
  it("keeps each file's keys in its namespace, a shared name as auth:title, and says so", async () => {
    const { owner, projectId, warnings } = await world();
    expect(await keysOf(owner, projectId)).toEqual([
      ["auth:title", "auth", "Anmelden"],
      ["password", "auth", "Passwort"],
      ["save", "common", "Speichern"],
      ["title", "common", "Laden"],
    ]);
    expect(warnings).toContain(
      '1 key is in another file of the project too: kept as "auth:title" in auth, and written back under its own name',
    );
    expect(await keysOf(owner, projectId, "auth")).toEqual([
      ["auth:title", "auth", "Anmelden"],
      ["password", "auth", "Passwort"],
    ]);
    const facets = await call(owner, contract.keys.facets, { params: { projectId }, query: { lang: "de" } });
    expect(facets.body.namespaces).toEqual([
      { namespace: "auth", count: 2 },
      { namespace: "common", count: 2 },
    ]);
  });

  it("exports and pulls each file on its own, byte for byte, at its namespace's path", async () => {
    const { owner, projectId } = await world();
    const zip = await exportTexts(owner, projectId, { languages: ["en", "de"], format: "json" });
    expect(zip).toEqual(FILES);

    const { key } = await createApiKey(owner, projectId);
    const url = api().app.url;
    const auth = await pullFrom(
      url,
      { format: "json", placeholderFormat: "web", language: "de", namespace: "auth" },
      { key },
    );
    expect(auth.status).toBe(200);
    expect(auth.text).toBe(FILES["de/auth.json"]);
    // One language without a namespace: every key in one file, as before namespaces.
    const all = await pullFrom(url, { format: "json", placeholderFormat: "web", language: "de" }, { key });
    expect(all.json()).toEqual({
      title: "Laden",
      save: "Speichern",
      "auth:title": "Anmelden",
      password: "Passwort",
    });
    const pulledZip = await pullFrom(url, { format: "json", placeholderFormat: "web" }, { key });
    const files = unzipSync(pulledZip.bytes);
    expect(
      Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)])),
    ).toEqual(FILES);
  });

  it("writes a new key into the file it is given, and an edit into that file alone", async () => {
    const { owner, projectId } = await world();
    const created = await call(owner, contract.keys.create, {
      params: { projectId },
      body: { key: "logout", sourceValue: "Sign out", namespace: "auth" },
    });
    expect(created.status).toBe(201);
    expect(created.body.namespace).toBe("auth");
    const zip = await exportTexts(owner, projectId, { languages: ["en"], format: "json" });
    expect(zip["en/common.json"]).toBe(FILES["en/common.json"]);
    expect(JSON.parse(zip["en/auth.json"] ?? "")).toEqual({
      title: "Sign in",
      password: "Password",
      logout: "Sign out",
    });
    const bad = await fail(owner, contract.keys.create, {
      params: { projectId },
      body: { key: "x", namespace: "../etc" },
    });
    expect(bad.status).toBe(400);
  });

  it("pushes a zip of namespaced files; deleting missing keys touches the pushed file's keys alone", async () => {
    const { owner, projectId } = await world();
    const { key } = await createScopedKey(owner, projectId, ["push"]);
    const zip = zipSync({
      "locales/en/common.json": strToU8('{\n    "title": "Shop"\n}\n'),
    });
    const answer = await pushWithKey(
      api().app.url,
      key,
      { name: "locales.zip", bytes: zip },
      { deleteMissing: "true" },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const pushed = answer.body;
    expect(pushed.files).toEqual([
      { name: "locales/en/common.json", language: "en", format: "json", namespace: "common" },
    ]);
    expect(pushed.keysDeleted).toBe(1);
    expect((await keysOf(owner, projectId)).map(([name]) => name)).toEqual([
      "auth:title",
      "password",
      "title",
    ]);
  });

  it("moves the keys of a project's one file into the namespace of the first file that names them", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const one = await upload(owner, projectId, "en.json", '{"title": "Shop", "save": "Save"}', {
      language: "en",
    });
    expect(one.status).toBe(200);
    expect(await keysOf(owner, projectId)).toEqual([
      ["save", "", undefined],
      ["title", "", undefined],
    ]);
    // Without namespaces the export is the one file, as before.
    expect(Object.keys(await exportTexts(owner, projectId, { languages: ["en"], format: "json" }))).toEqual([
      "en.json",
    ]);
    const split = await upload(owner, projectId, "common.json", '{"title": "Shop"}', { language: "en" });
    expect(split.body.warnings).toEqual([]);
    expect(await keysOf(owner, projectId)).toEqual([
      ["save", "", undefined],
      ["title", "common", undefined],
    ]);
    expect(Object.keys(await exportTexts(owner, projectId, { languages: ["en"], format: "json" }))).toEqual([
      "en.json",
      "en/common.json",
    ]);
  });
});
