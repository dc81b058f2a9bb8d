import fc from "fast-check";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../../src/server/db/schema.ts";
import { selectCompletion } from "../../src/server/projects/queries.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, buildProject, ownerWithProject, saveString } from "../helpers/factories.ts";
import { upload } from "../helpers/transfer.ts";

/**
 * Issue 18: the completion counts are kept up to date by triggers instead of counted per request.
 * After any sequence of the writes the app makes (and a few bulk statements it could make), the
 * kept counts equal a count from scratch: the query the endpoint ran before, kept here as the oracle.
 */

const api = apiAppForThisFile({ env: async () => ({ MAX_UPLOAD_MB: "1" }) });

const SOURCE = "en";
const LANGUAGES = ["en", "de", "fr", "ja"] as const;
const NAMES = ["a", "b", "c", "d", "e", "f", "g"] as const;

interface CompletionRow {
  code: string;
  total: number;
  translated: number;
  missing: number;
}

/** The query selectCompletion ran before the counts were kept: every key and string, per request. */
async function countFromScratch(db: Kysely<DB>, projectId: string, languages: readonly string[]) {
  const counted = sql`k.project_id = ${projectId} and k.translatable and k.value_type is null`;
  const filled = (language: RawBuilder<unknown>) => sql`exists (
        select 1 from translation_strings f
        where f.key_id = k.id and f.language_code = ${language} and f.value <> '')`;
  const result = await sql<CompletionRow>`
        select
          langs.code,
          (select count(*) from translation_keys k where ${counted})::int as total,
          (select count(*) from translation_keys k where ${counted} and ${filled(sql`langs.code`)})::int
            as translated,
          (select count(*) from translation_keys k
            where ${counted}
              and (case when langs.code = ${SOURCE}
                then not ${filled(sql`${SOURCE}::text`)}
                else ${filled(sql`${SOURCE}::text`)} and not ${filled(sql`langs.code`)} end))::int as missing
        from unnest(${[...languages]}::text[]) as langs(code)
      `.execute(db);
  return result.rows;
}

const byCode = (rows: CompletionRow[]) =>
  Object.fromEntries(
    rows.map((r) => [r.code, { total: r.total, translated: r.translated, missing: r.missing }]),
  );

/** Kept counts of every language ever used (also those removed from the project) against the oracle. */
async function expectKeptCountsRight(projectId: string, step: string) {
  const db = api().db;
  const kept = await selectCompletion(db, projectId, SOURCE, [...LANGUAGES]);
  const scratch = await countFromScratch(db, projectId, LANGUAGES);
  expect(byCode(kept), step).toEqual(byCode(scratch));
}

const name = fc.constantFrom(...NAMES);
const language = fc.constantFrom(...LANGUAGES);
const text = fc.constantFrom("", "", "x", "Hallo", "  ");
const keyIndex = fc.nat({ max: 20 });

type Operation =
  | { op: "create"; key: string; source: string | undefined; translatable: boolean }
  | { op: "delete"; key: number }
  | { op: "rename"; key: number; to: string }
  | { op: "write"; key: number; language: string; value: string }
  | { op: "translatable"; key: number; translatable: boolean }
  | { op: "clear"; language: string }
  | { op: "languages"; languages: string[] }
  | { op: "import"; language: string; entries: [string, string | number][]; overwrite: boolean }
  | { op: "bulkWrite"; cells: { key: number; language: string; value: string }[] }
  | { op: "bulkDelete"; keys: number[] }
  | { op: "valueType"; keys: number[]; json: boolean };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    op: fc.constant("create" as const),
    key: name,
    source: fc.option(text, { nil: undefined }),
    translatable: fc.boolean(),
  }),
  fc.record({ op: fc.constant("delete" as const), key: keyIndex }),
  fc.record({ op: fc.constant("rename" as const), key: keyIndex, to: name }),
  fc.record({ op: fc.constant("write" as const), key: keyIndex, language, value: text }),
  fc.record({ op: fc.constant("write" as const), key: keyIndex, language: fc.constant(SOURCE), value: text }),
  fc.record({ op: fc.constant("translatable" as const), key: keyIndex, translatable: fc.boolean() }),
  fc.record({ op: fc.constant("clear" as const), language }),
  fc.record({
    op: fc.constant("languages" as const),
    languages: fc.subarray(LANGUAGES.filter((l) => l !== SOURCE)),
  }),
  fc.record({
    op: fc.constant("import" as const),
    language,
    entries: fc.array(fc.tuple(name, fc.oneof(text, fc.constant(7))), { minLength: 1, maxLength: 6 }),
    overwrite: fc.boolean(),
  }),
  fc.record({
    op: fc.constant("bulkWrite" as const),
    cells: fc.array(fc.record({ key: keyIndex, language, value: text }), { minLength: 1, maxLength: 12 }),
  }),
  // One key's source and other cells in one upsert: some rows updated, others inserted.
  keyIndex.chain((key) =>
    fc.record({
      op: fc.constant("bulkWrite" as const),
      cells: fc.uniqueArray(fc.record({ key: fc.constant(key), language, value: text }), {
        minLength: 2,
        maxLength: 4,
        selector: (cell) => cell.language,
      }),
    }),
  ),
  fc.record({ op: fc.constant("bulkDelete" as const), keys: fc.array(keyIndex, { maxLength: 4 }) }),
  fc.record({
    op: fc.constant("valueType" as const),
    keys: fc.array(keyIndex, { maxLength: 4 }),
    json: fc.boolean(),
  }),
);

async function keyIds(projectId: string): Promise<string[]> {
  const rows = await api()
    .db.selectFrom("translation_keys")
    .select("id")
    .where("project_id", "=", projectId)
    .orderBy("key")
    .execute();
  return rows.map((r) => r.id);
}

/** One operation through the API (as the app makes it) or, for the bulk ones, one SQL statement. */
async function apply(owner: ApiClient, projectId: string, operation: Operation): Promise<void> {
  const ids = await keyIds(projectId);
  const pick = (index: number) => ids[index % Math.max(ids.length, 1)];
  const db = api().db;
  switch (operation.op) {
    case "create":
      await call(owner, contract.keys.create, {
        params: { projectId },
        body: {
          key: operation.key,
          translatable: operation.translatable,
          ...(operation.source === undefined ? {} : { sourceValue: operation.source }),
        },
      });
      return;
    case "delete": {
      const id = pick(operation.key);
      if (id) await call(owner, contract.keys.remove, { params: { keyId: id } });
      return;
    }
    case "rename": {
      const id = pick(operation.key);
      if (id) await call(owner, contract.keys.update, { params: { keyId: id }, body: { key: operation.to } });
      return;
    }
    case "write": {
      const id = pick(operation.key);
      if (id)
        await call(owner, contract.strings.save, {
          params: { keyId: id, lang: operation.language },
          body: { value: operation.value, force: true },
        });
      return;
    }
    case "translatable": {
      const id = pick(operation.key);
      if (id)
        await call(owner, contract.keys.update, {
          params: { keyId: id },
          body: { translatable: operation.translatable },
        });
      return;
    }
    case "clear":
      await call(owner, contract.strings.clearLanguage, { params: { projectId, lang: operation.language } });
      return;
    case "languages":
      await call(owner, contract.projects.setLanguages, {
        params: { projectId },
        body: { languages: [SOURCE, ...operation.languages] },
      });
      return;
    case "import": {
      const file = JSON.stringify(Object.fromEntries(operation.entries));
      const answer = await upload(owner, projectId, `${operation.language}.json`, file, {
        language: operation.language,
        overwriteExisting: String(operation.overwrite),
      });
      expect(answer.status).toBe(200);
      return;
    }
    case "bulkWrite": {
      // One statement over several languages, the source among them: inserts and updates at once.
      const cells = new Map(
        operation.cells.flatMap((c) => {
          const id = pick(c.key);
          return id ? [[`${id}/${c.language}`, { id, language: c.language, value: c.value }] as const] : [];
        }),
      );
      if (cells.size === 0) return;
      const rows = [...cells.values()];
      await sql`
        insert into translation_strings (key_id, project_id, language_code, value)
        select k, ${projectId}::uuid, l, v
        from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.language)}::text[],
                    ${rows.map((r) => r.value)}::text[]) as t(k, l, v)
        on conflict (key_id, language_code) do update set value = excluded.value
      `.execute(db);
      return;
    }
    case "bulkDelete": {
      const doomed = [...new Set(operation.keys.flatMap((k) => pick(k) ?? []))];
      if (doomed.length > 0) await db.deleteFrom("translation_keys").where("id", "in", doomed).execute();
      return;
    }
    case "valueType": {
      const changed = [...new Set(operation.keys.flatMap((k) => pick(k) ?? []))];
      if (changed.length > 0)
        await db
          .updateTable("translation_keys")
          .set({ value_type: operation.json ? "json" : null })
          .where("id", "in", changed)
          .execute();
      return;
    }
  }
}

async function newProject(owner: ApiClient, teamId: string): Promise<string> {
  const project = await buildProject(owner, teamId, { name: "Counted", languages: ["de", "fr"] });
  return project.id;
}

describe("kept completion counts", () => {
  it("equal a count from scratch after any sequence of key, string, import and language changes", async () => {
    const { owner, teamId, projectId: bystander } = await ownerWithProject(api(), ["de"]);
    await apply(owner, bystander, { op: "create", key: "stay", source: "Stay", translatable: true });
    await expectKeptCountsRight(bystander, "bystander before");
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (operations) => {
        const projectId = await newProject(owner, teamId);
        for (const [index, operation] of operations.entries()) {
          await apply(owner, projectId, operation);
          await expectKeptCountsRight(projectId, `after step ${index}: ${JSON.stringify(operation)}`);
        }
        await call(owner, contract.projects.remove, { params: { projectId } });
        const left = await api()
          .db.selectFrom("language_counts")
          .select("project_id")
          .where("project_id", "=", projectId)
          .execute();
        expect(left).toEqual([]);
      }),
      { numRuns: 30 },
    );
    await expectKeptCountsRight(bystander, "bystander after");
  }, 240_000);

  it("answers the endpoint from the kept counts, the same as before", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const a = await buildKey(owner, projectId, "a", { source: "A", strings: { de: "A-de" } });
    const b = await buildKey(owner, projectId, "b", { source: "B", strings: { de: "B-de" } });
    await buildKey(owner, projectId, "c");
    await saveString(owner, a, "fr", "");
    // Many small writes leave many kept rows; the endpoint folds them and still answers the same.
    for (let i = 0; i < 40; i++) await saveString(owner, b, "fr", i % 2 === 0 ? `B-fr ${i}` : "");
    const expected = [
      {
        code: "en",
        isComplete: false,
        missingKeys: 1,
        translatedKeys: 2,
        totalKeys: 3,
        unverifiedKeys: 0,
        pseudoKeys: 0,
      },
      {
        code: "de",
        isComplete: true,
        missingKeys: 0,
        translatedKeys: 2,
        totalKeys: 3,
        unverifiedKeys: 0,
        pseudoKeys: 0,
      },
      {
        code: "fr",
        isComplete: false,
        missingKeys: 2,
        translatedKeys: 0,
        totalKeys: 3,
        unverifiedKeys: 0,
        pseudoKeys: 0,
      },
    ];
    for (let round = 0; round < 2; round++) {
      const completion = await call(owner, contract.projects.completion, { params: { projectId } });
      expect(completion.body.languages).toEqual(expected);
    }
    const rows = await api()
      .db.selectFrom("language_counts")
      .select("language_code")
      .where("project_id", "=", projectId)
      .execute();
    // One row per language and one for the keys once folded (de, en, fr and the keys' total).
    expect(rows.length).toBeLessThanOrEqual(4);
    await expectKeptCountsRight(projectId, "after folding");
  });
});
