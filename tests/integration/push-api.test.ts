import { zipSync } from "fflate";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { PUBLIC_API_DOCUMENT_PATH, v1Contract } from "../../src/shared/contract/v1.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, requestOf } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import {
  createScopedKey,
  type PushedFile,
  type PushFields,
  pushWithKey,
  refusedPush,
} from "../helpers/key-requests.ts";
import { listenToBus } from "../helpers/reviews.ts";
import { keyClient } from "../helpers/transfer.ts";

// The push API (issue 20): CI's files into the project, as the Import dialog imports them.
// Small limits, so the tests reach them: ten requests a minute per key and scope, 1 MB uploads.
const api = apiAppForThisFile({
  env: async () => ({ PULL_RATE_LIMIT_PER_MINUTE: "10", MAX_UPLOAD_MB: "1" }),
});

const enc = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** An owner's project (en source, de) with a key that may push and pull. */
async function pushProject() {
  const setup = await ownerWithProject(api(), ["de"]);
  const key = await createScopedKey(setup.owner, setup.projectId, ["pull", "push"]);
  const push = (file: PushedFile, fields?: PushFields) => pushWithKey(api().app.url, key.key, file, fields);
  /** A push the server refuses: its answer's body is the error shape. */
  const refuse = (file: PushedFile | undefined, fields?: Record<string, string>) =>
    refusedPush(api().app.url, key.key, file, fields);
  return { ...setup, key, push, refuse };
}

/** Key → language → text, as the database holds them. */
async function cells(projectId: string) {
  const rows = await api()
    .db.selectFrom("translation_strings as s")
    .innerJoin("translation_keys as k", "k.id", "s.key_id")
    .select(["k.key", "s.language_code", "s.value"])
    .where("s.project_id", "=", projectId)
    .execute();
  const out: Record<string, Record<string, string>> = {};
  for (const row of rows) out[row.key] = { ...out[row.key], [row.language_code]: row.value };
  return out;
}

/** Everything a push could touch, to compare before and after. */
async function snapshot(projectId: string) {
  const db = api().db;
  const keys = await db
    .selectFrom("translation_keys")
    .select(["key", "tags", "position", "description"])
    .where("project_id", "=", projectId)
    .orderBy("key")
    .execute();
  const history = await db
    .selectFrom("string_history")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("project_id", "=", projectId)
    .executeTakeFirstOrThrow();
  const project = await db
    .selectFrom("projects")
    .select(["languages", "updated_at"])
    .where("id", "=", projectId)
    .executeTakeFirstOrThrow();
  const strings = await sql<{ key_id: string; language_code: string; value: string; version: number }>`
    select key_id, language_code, value, version from translation_strings
    where project_id = ${projectId} order by key_id, language_code
  `.execute(db);
  return { keys, history: Number(history.n), project, strings: strings.rows, cells: await cells(projectId) };
}

describe("push API", () => {
  it("pushes the source file: keys and strings added, history origin api", async () => {
    const { projectId, push } = await pushProject();
    const answer = await push({ name: "en.json", bytes: enc({ greeting: "Hello", "button.save": "Save" }) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      dryRun: false,
      files: [{ name: "en.json", language: "en", format: "json", namespace: "" }],
      keysAdded: 2,
      keysDeleted: 0,
      languages: [{ code: "en", added: 2, changed: 0, unchanged: 0 }],
      errors: [],
      notices: [],
    });
    expect(await cells(projectId)).toEqual({ greeting: { en: "Hello" }, "button.save": { en: "Save" } });
    const origins = await api()
      .db.selectFrom("string_history")
      .select("origin")
      .where("project_id", "=", projectId)
      .execute();
    expect(origins.map((row) => row.origin)).toEqual(["api", "api"]);

    // The same file again changes nothing.
    const again = await push({ name: "en.json", bytes: enc({ greeting: "Hello", "button.save": "Save" }) });
    expect(again.body).toMatchObject({
      keysAdded: 0,
      languages: [{ code: "en", added: 0, changed: 0, unchanged: 2 }],
    });
  });

  it("takes the language from the form when the name does not say it, and refuses without either", async () => {
    const { projectId, push, refuse } = await pushProject();
    const named = await push({ name: "messages.json", bytes: enc({ title: "Titel" }) }, { language: "de" });
    expect(named.status).toBe(200);
    expect(named.body.files).toEqual([
      { name: "messages.json", language: "de", format: "json", namespace: "" },
    ]);
    expect((await cells(projectId)).title).toEqual({ de: "Titel" });
    const unnamed = await refuse({ name: "messages.json", bytes: enc({ title: "Titel" }) });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toEqual({
      error: {
        code: "validation_failed",
        message: "language is required: the name messages.json does not say which language the file holds",
      },
    });
  });

  it("pushes a zip of several files in one go, each file's language and format from its name", async () => {
    const { projectId, push } = await pushProject();
    const zip = zipSync({
      "locales/en.json": enc({ greeting: "Hello", bye: "Bye" }),
      "locales/de.json": enc({ greeting: "Hallo" }),
      "fr.lproj/Localizable.strings": new TextEncoder().encode('"greeting" = "Bonjour";\n'),
      "README.md": new TextEncoder().encode("# not a translation"),
    });
    const answer = await push({ name: "translations.zip", bytes: zip });
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.files).toEqual([
      { name: "locales/en.json", language: "en", format: "json", namespace: "" },
      { name: "locales/de.json", language: "de", format: "json", namespace: "" },
      { name: "fr.lproj/Localizable.strings", language: "fr", format: "strings", namespace: "" },
    ]);
    expect(body.keysAdded).toBe(2);
    expect(body.languages).toEqual([
      { code: "en", added: 2, changed: 0, unchanged: 0 },
      { code: "de", added: 1, changed: 0, unchanged: 0 },
      { code: "fr", added: 1, changed: 0, unchanged: 0 },
    ]);
    expect(body.errors).toEqual(["Skipped README.md: not a format Sprog reads"]);
    expect(await cells(projectId)).toEqual({
      greeting: { en: "Hello", de: "Hallo", fr: "Bonjour" },
      bye: { en: "Bye" },
    });
    // A language the project lacked is added, as an import adds it.
    const project = await api()
      .db.selectFrom("projects")
      .select("languages")
      .where("id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(project.languages).toEqual(["en", "de", "fr"]);
  });

  it("answers a dry run with what would change and changes nothing", async () => {
    const { projectId, push } = await pushProject();
    await push({ name: "en.json", bytes: enc({ greeting: "Hello", old: "Old" }) });
    await push({ name: "de.json", bytes: enc({ greeting: "Hallo" }) });
    const before = await snapshot(projectId);
    const file = { name: "en.json", bytes: enc({ greeting: "Hello!", fresh: "New" }) };
    const fields: PushFields = { overwriteExisting: "true", deleteMissing: "true", tags: "ci" };
    const dry = await push(file, { ...fields, dryRun: "true" });
    expect(dry.status).toBe(200);
    const expected = {
      files: [{ name: "en.json", language: "en", format: "json", namespace: "" }],
      keysAdded: 1,
      keysDeleted: 1,
      languages: [{ code: "en", added: 1, changed: 1, unchanged: 0 }],
      errors: [],
      notices: [],
    };
    expect(dry.body).toEqual({ dryRun: true, ...expected });
    expect(await snapshot(projectId)).toEqual(before);
    // The real push does exactly what the dry run said.
    const real = await push(file, fields);
    expect(real.body).toEqual({ dryRun: false, ...expected });
    expect(await cells(projectId)).toEqual({ greeting: { en: "Hello!", de: "Hallo" }, fresh: { en: "New" } });
  });

  it("only fills missing strings unless overwriteExisting is true", async () => {
    const { projectId, push } = await pushProject();
    await push({ name: "en.json", bytes: enc({ a: "A", b: "B", c: "C" }) });
    await push({ name: "de.json", bytes: enc({ a: "A-de", b: "" }) });
    const file = { name: "de.json", bytes: enc({ a: "A-de2", b: "B-de", c: "C-de" }) };
    const fill = await push(file);
    expect(fill.body.languages).toEqual([{ code: "de", added: 2, changed: 0, unchanged: 1 }]);
    expect(await cells(projectId)).toMatchObject({ a: { de: "A-de" }, b: { de: "B-de" }, c: { de: "C-de" } });

    const overwrite = await push(file, { overwriteExisting: "true" });
    expect(overwrite.body.languages).toEqual([{ code: "de", added: 0, changed: 1, unchanged: 2 }]);
    expect((await cells(projectId)).a).toEqual({ en: "A", de: "A-de2" });
  });

  it("deletes the keys the source file lacks, and only for the source language", async () => {
    const { projectId, push, refuse } = await pushProject();
    await push({ name: "en.json", bytes: enc({ keep: "Keep", gone: "Gone" }) });
    await push({ name: "de.json", bytes: enc({ keep: "Bleib", gone: "Weg" }) });
    const refused = await refuse(
      { name: "de.json", bytes: enc({ keep: "Bleib" }) },
      { deleteMissing: "true" },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: { code: "validation_failed", message: "deleteMissing works on the source language only" },
    });
    expect(Object.keys(await cells(projectId)).sort()).toEqual(["gone", "keep"]);

    const deleted = await push({ name: "en.json", bytes: enc({ keep: "Keep" }) }, { deleteMissing: "true" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.keysDeleted).toBe(1);
    expect(await cells(projectId)).toEqual({ keep: { en: "Keep", de: "Bleib" } });
  });

  it("gives the push's tags to the keys it adds, not to keys the project had", async () => {
    const { projectId, push } = await pushProject();
    await push({ name: "en.json", bytes: enc({ old: "Old" }) });
    const answer = await push(
      { name: "en.json", bytes: enc({ old: "Old", fresh: "New" }) },
      { tags: " ci, mobile ,ci" },
    );
    expect(answer.status).toBe(200);
    const keys = await api()
      .db.selectFrom("translation_keys")
      .select(["key", "tags"])
      .where("project_id", "=", projectId)
      .orderBy("key")
      .execute();
    expect(keys).toEqual([
      { key: "fresh", tags: ["ci", "mobile"] },
      { key: "old", tags: [] },
    ]);
  });

  it("refuses a file it cannot read with the parser's message and changes nothing", async () => {
    const { projectId, push, refuse } = await pushProject();
    await push({ name: "en.json", bytes: enc({ greeting: "Hello" }) });
    const before = await snapshot(projectId);
    const bad = await refuse({ name: "en.json", bytes: '{"greeting": "Hi",' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: { code: "validation_failed", message: "Invalid JSON file. Please check the file format." },
    });
    // In a zip, one bad file refuses the whole push, naming the file.
    const zip = zipSync({ "en.json": enc({ fresh: "New" }), "de.json": new TextEncoder().encode("{") });
    const badZip = await refuse({ name: "all.zip", bytes: zip });
    expect(badZip.status).toBe(400);
    expect(badZip.body).toEqual({
      error: {
        code: "validation_failed",
        message: "de.json: Invalid JSON file. Please check the file format.",
      },
    });
    // Files are parsed several at a time; the first bad one in the zip's order is the one named.
    const many: Record<string, Uint8Array> = {};
    for (let i = 1; i <= 40; i++) {
      const name = `en/part${String(i).padStart(2, "0")}.json`;
      many[name] = i === 3 || i === 30 ? new TextEncoder().encode("{") : enc({ [`part${i}`]: `Part ${i}` });
    }
    const manyBad = await refuse({ name: "parts.zip", bytes: zipSync(many) });
    expect(manyBad.status).toBe(400);
    expect(manyBad.body).toEqual({
      error: {
        code: "validation_failed",
        message: "en/part03.json: Invalid JSON file. Please check the file format.",
      },
    });
    const missing = await refuse(undefined, { language: "en" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: { code: "validation_failed", message: "file is required: the file to push" },
    });
    expect(await snapshot(projectId)).toEqual(before);
  });

  it("refuses a key without the push scope (403) and a revoked key (401)", async () => {
    const { owner, projectId, key } = await pushProject();
    const pullOnly = await createScopedKey(owner, projectId, ["pull"]);
    const file = { name: "en.json", bytes: enc({ greeting: "Hello" }) };
    const forbidden = await refusedPush(api().app.url, pullOnly.key, file);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({
      error: {
        code: "forbidden",
        message: "This API key may not push: give it the push scope in Project Settings → API Access",
      },
    });
    expect((await refusedPush(api().app.url, undefined, file)).status).toBe(401);
    await call(owner, contract.apiKeys.revoke, { params: { id: key.id } });
    const revoked = await refusedPush(api().app.url, key.key, file);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ error: { code: "unauthorized", message: "Invalid API key" } });
    expect(await cells(projectId)).toEqual({});
  });

  it("answers only under /api, and is documented in OpenAPI", async () => {
    const { key } = await pushProject();
    const file = { name: "en.json", bytes: enc({ greeting: "Hello" }) };
    // The push's own request, sent to its path without the /api prefix.
    const { method, path } = requestOf(v1Contract.push, {});
    const form = new FormData();
    form.set("file", new File([new Uint8Array(file.bytes)], file.name));
    const root = await keyClient(api().app.url, key.key).request(method, path.replace(/^\/api/, ""), {
      body: form,
    });
    expect(root.status).toBe(404);
    const doc = (await (await fetch(`${api().app.url}/api${PUBLIC_API_DOCUMENT_PATH}`)).json()) as {
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    };
    expect(doc.paths["/v1/push"]?.post?.requestBody).toBeTruthy();
  });

  it("publishes what an import publishes, after the commit; a dry run publishes nothing", async () => {
    const { projectId, push } = await pushProject();
    const bus = await listenToBus(api());
    try {
      const file = { name: "en.json", bytes: enc({ greeting: "Hello", bye: "Bye" }) };
      await push(file, { dryRun: "true" });
      await push(file);
      const mine = () =>
        bus.seen
          .filter((m) => (m as { projectId?: string }).projectId === projectId)
          .map((m) => (m as { event: unknown }).event);
      const deadline = Date.now() + 5000;
      while (mine().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(mine()).toEqual([
        { type: "project.updated", data: { projectId } },
        {
          type: "import.completed",
          data: { keysAdded: 2, translationsAdded: 2, languagesAdded: 0, languages: ["en"] },
        },
        // The feed's entry of the push (issue 22); the dry run's was rolled back, so not published.
        { type: "activity.created", data: expect.objectContaining({ kind: "strings.pushed", count: 2 }) },
      ]);
    } finally {
      await bus.stop();
    }
  });

  it("limits each key's pushes per minute apart from its pulls, with 429 and Retry-After", async () => {
    const { key, push, refuse } = await pushProject();
    const file = { name: "en.json", bytes: enc({ greeting: "Hello" }) };
    for (let i = 0; i < 10; i++) expect((await push(file, { dryRun: "true" })).status).toBe(200);
    const limited = await refuse(file);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.error.message).toContain("Too many push requests");
    // Its pulls are counted apart.
    expect((await call(keyClient(api().app.url, key.key), v1Contract.status, { query: {} })).status).toBe(
      200,
    );
    api().app.clock.advance(61_000);
    expect((await push(file)).status).toBe(200);
  });

  it("refuses a file over the upload limit with 413 before reading it", async () => {
    const { projectId, refuse } = await pushProject();
    const big = JSON.stringify({ big: "x".repeat(1024 * 1024 + 10) });
    const answer = await refuse({ name: "en.json", bytes: big });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: {
        code: "payload_too_large",
        message: "Error processing file: the file is larger than the 1 MB limit",
      },
    });
    expect(await cells(projectId)).toEqual({});
  });
});
