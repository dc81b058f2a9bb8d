import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../../src/server/db/schema.ts";
import { searchKeyRows } from "../../src/server/keys/search.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString as save } from "../helpers/factories.ts";
import { upload } from "../helpers/transfer.ts";

/**
 * Each key's search text (migration 0026), which a search with many matches reads before the
 * key's strings: kept by the database on every write of a string, whatever wrote it.
 */

const api = apiAppForThisFile();

/** What the search text of each key of the project must be: its non-empty strings, lower-cased. */
async function expectedTexts(projectId: string) {
  const { rows } = await sql<{ key: string; text: string }>`
    select k.key, lower(string_agg(s.value, E'\\n' order by s.language_code)) as text
    from translation_keys k join translation_strings s on s.key_id = k.id and s.value <> ''
    where k.project_id = ${projectId}
    group by k.key
  `.execute(api().db);
  return Object.fromEntries(rows.map((row) => [row.key, row.text]));
}

/** The search texts as kept, each line sorted as the expected ones are (a text's order is free). */
async function keptTexts(projectId: string) {
  const rows = await api()
    .db.selectFrom("key_search_texts as t")
    .innerJoin("translation_keys as k", "k.id", "t.key_id")
    .select(["k.key", "t.text"])
    .where("k.project_id", "=", projectId)
    .execute();
  const sorted = await expectedOrder(projectId);
  return Object.fromEntries(
    rows.filter((row) => row.text !== "").map((row) => [row.key, sorted(row.key, row.text)]),
  );
}

/** Puts a kept text's lines in the expected text's language order, or leaves it (then it differs). */
async function expectedOrder(projectId: string) {
  const expected = await expectedTexts(projectId);
  return (key: string, text: string) => {
    const want = expected[key];
    if (want === undefined) return text;
    const lines = text.split("\n").sort();
    return [...want.split("\n")].sort().join("\n") === lines.join("\n") ? want : text;
  };
}

/** The keys a search finds by walking the keys (the "many" way, whatever the count: cap -1), in order. */
async function walked(projectId: string, languages: string[], text: string) {
  const found = await searchKeyRows(api().db, { id: projectId, languages }, languages, text, {
    limit: 100,
    cap: -1,
  });
  expect(found.strategy).toBe("many");
  return [...new Set(found.rows.map((row) => row.key))];
}

describe("each key's search text", () => {
  it("follows every write of a string: a new key, a save, an edit, a cleared cell, a rename, a delete, an import", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const languages = ["en", "de", "fr"];
    const hello = await buildKey(owner, projectId, "greet.hello", { source: "Hello World" });
    const bye = await buildKey(owner, projectId, "greet.bye", { source: "Goodbye" });
    expect(await keptTexts(projectId)).toEqual(await expectedTexts(projectId));
    expect(await walked(projectId, languages, "WORLD")).toEqual(["greet.hello"]);

    await save(owner, hello, "de", "Hallo Welt");
    await save(owner, bye, "de", "Auf Wiedersehen");
    expect(await walked(projectId, languages, "welt")).toEqual(["greet.hello"]);
    await save(owner, hello, "de", "Servus Erde");
    expect(await walked(projectId, languages, "welt")).toEqual([]);
    expect(await walked(projectId, languages, "ERDE")).toEqual(["greet.hello"]);
    await save(owner, hello, "de", "");
    expect(await walked(projectId, languages, "erde")).toEqual([]);

    const renamed = await call(owner, contract.keys.update, {
      params: { keyId: bye },
      body: { key: "farewell" },
    });
    expect(renamed.status).toBe(200);
    expect(await walked(projectId, languages, "wiedersehen")).toEqual(["farewell"]);

    const imported = await upload(
      owner,
      projectId,
      "fr.json",
      JSON.stringify({
        "greet.hello": "Bonjour le monde",
        farewell: "Au revoir",
        "new.key": "Nouveau monde",
      }),
      { language: "fr" },
    );
    expect(imported.status).toBe(200);
    expect(await walked(projectId, languages, "MONDE")).toEqual(["greet.hello", "new.key"]);
    expect(await keptTexts(projectId)).toEqual(await expectedTexts(projectId));

    expect((await call(owner, contract.keys.remove, { params: { keyId: hello } })).status).toBe(204);
    expect(await walked(projectId, languages, "monde")).toEqual(["new.key"]);
    // The deleted key's text went with it.
    const left = await api()
      .db.selectFrom("key_search_texts")
      .select("key_id")
      .where("key_id", "in", [hello, bye])
      .execute();
    expect(left.map((row) => row.key_id)).toEqual([bye]);
    expect(await keptTexts(projectId)).toEqual(await expectedTexts(projectId));
  });

  it("is only a first look: the strings themselves decide (a hidden language, a text across two strings)", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const key = await buildKey(owner, projectId, "one", { source: "first line" });
    await save(owner, key, "de", "zweite Zeile");
    await buildKey(owner, projectId, "two", { source: "zweite Zeile" });
    expect(await walked(projectId, ["en", "de"], "zweite")).toEqual(["one", "two"]);

    // German is no longer shown: its strings stay (and in the search text), but a search skips them.
    const languages = await call(owner, contract.projects.setLanguages, {
      params: { projectId },
      body: { languages: ["en"] },
    });
    expect(languages.status).toBe(200);
    expect(await walked(projectId, ["en"], "zweite")).toEqual(["two"]);
    // The search text has the strings one per line; a line break in the text never joins two.
    expect(await walked(projectId, ["en", "de"], "line\nzweite")).toEqual([]);
  });

  it("never waits: a save of a key an unfinished import has written goes through, and both strings are found", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const key = await buildKey(owner, projectId, "shared.key", { source: "Source text" });
    let finishImport = () => {};
    const importMayFinish = new Promise<void>((resolve) => {
      finishImport = resolve;
    });
    let importWrote = () => {};
    const written = new Promise<void>((resolve) => {
      importWrote = resolve;
    });
    // An import's transaction: it has written the key's French string and is still running.
    const importing = api()
      .db.transaction()
      .execute(async (trx) => {
        await sql`
          insert into translation_strings (key_id, project_id, language_code, value)
          values (${key}, ${projectId}, 'fr', 'Texte importé')
        `.execute(trx);
        importWrote();
        await importMayFinish;
      });
    await written;
    const saved = save(owner, key, "de", "Gespeichert meanwhile").then(() => "saved" as const);
    const waited = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 15_000));
    const first = await Promise.race([saved, waited]);
    finishImport();
    await importing;
    await saved;
    expect(first, "the save waited for the import's transaction").toBe("saved");
    expect(await walked(projectId, ["en", "de", "fr"], "importé")).toEqual(["shared.key"]);
    expect(await walked(projectId, ["en", "de", "fr"], "meanwhile")).toEqual(["shared.key"]);
  });

  it("a write of one string reads that key's search text only, however many keys the project has", async () => {
    const { projectId } = await ownerWithProject(api(), ["de"]);
    const db = api().db;
    await manyKeys(db, projectId, 20_000);
    const one = await db
      .selectFrom("translation_keys")
      .select("id")
      .where("project_id", "=", projectId)
      .where("key", "=", "many.key777")
      .executeTakeFirstOrThrow();
    // A cell save's statement, before the table's statistics know its 20,000 rows, and what it read
    // of key_search_texts in its own transaction.
    const read = await db.transaction().execute(async (trx) => {
      await sql`
        update translation_strings set value = 'Edited text' where key_id = ${one.id} and language_code = 'en'
      `.execute(trx);
      const { rows } = await sql<{ seq_scan: number; seq_tup_read: number }>`
        select seq_scan, seq_tup_read from pg_stat_xact_user_tables where relname = 'key_search_texts'
      `.execute(trx);
      return rows[0];
    });
    expect(read, "the refresh read the whole table").toEqual({ seq_scan: 0, seq_tup_read: 0 });
    expect(await walked(projectId, ["en"], "edited text")).toEqual(["many.key777"]);
  });

  // 80,000 string writes through every index and trigger: 10 s on a quiet 2-core machine, and twice
  // that beside other test files. A plan made for a few rows is caught by what it reads, not by time.
  it("a statement of many rows after a few small ones on one connection is planned for its size", {
    timeout: 90_000,
  }, async () => {
    const { projectId } = await ownerWithProject(api(), ["de"]);
    await api()
      .db.connection()
      .execute(async (connection) => {
        // Small statements first, as a connection that served cell saves has run them: each
        // trigger's plan is made for a row or two, and after five runs PostgreSQL 18 may keep a
        // generic plan of a SQL function for the connection.
        const first = await manyKeys(connection, projectId, 1, "first.");
        for (const edit of ["Changed", "Changed again", "Edited", "Edited again", "Final", "Final!"]) {
          await sql`update translation_strings set value = ${edit} where project_id = ${projectId}`.execute(
            connection,
          );
        }
        await sql`delete from translation_strings where key_id = ${first[0] ?? ""}`.execute(connection);
        // Then 20,000 rows a statement: planned for a row, each trigger joined its rows to each other.
        await manyKeys(connection, projectId, 20_000);
        await sql`
          insert into translation_strings (key_id, project_id, language_code, value)
          select id, project_id, 'de', 'Deutsch ' || key from translation_keys where project_id = ${projectId}
        `.execute(connection);
        // One statement of 40,000 strings of 20,000 keys: their search texts are read by key and
        // rewritten where they are, not found by reading every text for each key.
        await sql`begin`.execute(connection);
        await sql`update translation_strings set value = value || ' bearbeitet' where project_id = ${projectId}`.execute(
          connection,
        );
        const { rows: read } = await sql<{ idx_tup_fetch: number; seq_tup_read: number }>`
          select idx_tup_fetch, seq_tup_read from pg_stat_xact_user_tables where relname = 'key_search_texts'
        `.execute(connection);
        await sql`commit`.execute(connection);
        // Each key's text once, found by the key's index (20,001 keys); a generic plan read every text
        // through that index a second time, and compared its place with each of the 20,000 locked.
        expect(read, "the refresh read the texts more than once per key").toEqual([
          { idx_tup_fetch: 20_001, seq_tup_read: 0 },
        ]);
        await sql`delete from translation_strings where project_id = ${projectId} and language_code = 'en'`.execute(
          connection,
        );
      });
    expect(await keptTexts(projectId)).toEqual(await expectedTexts(projectId));
    // The completion counts the same triggers keep: as a count from scratch has them.
    const kept = await sql<{ language: string; filled: number; withSource: number }>`
      select language_code as language, sum(filled)::int as filled, sum(filled_with_source)::int as "withSource"
      from language_counts where project_id = ${projectId} and language_code is not null
      group by language_code having sum(filled) <> 0 or sum(filled_with_source) <> 0
      order by language_code
    `.execute(api().db);
    const scratch = await sql<{ language: string; filled: number; withSource: number }>`
      select s.language_code as language, count(*)::int as filled, count(src.id)::int as "withSource"
      from translation_strings s
      left join translation_strings src on src.key_id = s.key_id and src.language_code = 'en' and src.value <> ''
      where s.project_id = ${projectId} and s.value <> ''
      group by s.language_code order by s.language_code
    `.execute(api().db);
    expect(kept.rows).toEqual(scratch.rows);
    expect(scratch.rows).toEqual([{ language: "de", filled: 20_001, withSource: 0 }]);
  });
});

/** `count` keys with an English string each, straight into the tables as one statement each. */
async function manyKeys(db: Kysely<DB>, projectId: string, count: number, prefix = "many.key") {
  const keys = await sql<{ id: string }>`
    insert into translation_keys (project_id, key, position)
    select ${projectId}::uuid, ${prefix} || i, i from generate_series(1, ${count}::int) as i
    returning id
  `.execute(db);
  await sql`
    insert into translation_strings (key_id, project_id, language_code, value)
    select id, ${projectId}::uuid, 'en', 'Text of key ' || id from unnest(${keys.rows.map((k) => k.id)}::uuid[]) as id
  `.execute(db);
  return keys.rows.map((key) => key.id);
}
