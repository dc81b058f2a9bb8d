import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openEmbedded } from "../../src/server/db/database.ts";
import { startEmbeddedServer } from "../../src/server/db/embedded/embedded-server.ts";
import { convertLegacyDataDir } from "../../src/server/db/legacy/convert-pglite.ts";
import type { Queryable } from "../../src/server/db/legacy/copy-tables.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import type { Logger } from "../../src/server/logger.ts";
import {
  BULK_KEYS,
  buildLegacyDataDir,
  GLOSSARY_TRANSLATIONS,
  type LegacyFixture,
  migrationNames,
  openLegacyPGlite,
  PROJECT_ID,
  SCREENSHOT_ID,
  WELCOME_KEY_ID,
  WELCOME_STRINGS,
} from "../helpers/legacy-pglite.ts";

/** Test data need not survive a crash of the machine. */
const settings = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };
const today = new Date().toISOString().slice(0, 10);
const folders: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sprog-legacy-${prefix}-`));
  folders.push(dir);
  return dir;
}

/** A fresh DATA_DIR holding a copy of a fixture's pgdata: each conversion renames its folder. */
function dataDirFrom(fixtureDir: string): string {
  const dir = tempDir("data");
  cpSync(join(fixtureDir, "pgdata"), join(dir, "pgdata"), { recursive: true });
  return dir;
}

function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const converted = (lines: Array<Record<string, unknown>>) =>
  lines.filter((line) => String(line.msg).startsWith("converted the PGlite data folder"));

type Rows = Queryable;

async function withTarget<T>(url: string, work: (client: Rows) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set timezone = 'UTC'");
    return await work({
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await client.query(text, params)).rows as T[],
      }),
    });
  } finally {
    await client.end();
  }
}

async function publicTables(db: Rows): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public'",
  );
  return rows.map((row) => row.name).sort();
}

/** Every row in full (JSON text of all columns, bytea as hex), sorted: comparable across servers. */
async function rowsOf(db: Rows, table: string): Promise<string[]> {
  const { rows } = await db.query<{ row: string }>(
    `select row_to_json(whole_row)::text as row from public."${table}" whole_row`,
  );
  return rows.map((row) => row.row).sort();
}

async function sequencesOf(db: Rows): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string }>(
    "select sequencename as name from pg_sequences where schemaname = 'public' order by 1",
  );
  const states: Record<string, string> = {};
  for (const { name } of rows) {
    const state = await db.query<{ v: string }>(
      `select last_value::text || '/' || is_called as v from public."${name}"`,
    );
    states[name] = state.rows[0]?.v ?? "";
  }
  return states;
}

/**
 * The source as the converted server must hold it, read from the renamed PGlite folder: every table
 * (`newTables`: made by migrations the app ran after the conversion), row and sequence.
 */
async function expectSameAsSource(
  pgdataCopy: string,
  url: string,
  options: { newTables?: string[]; newMigrations?: string[] } = {},
) {
  const source = openLegacyPGlite(pgdataCopy);
  try {
    await source.query("set timezone = 'UTC'");
    const lite: Rows = { query: (text, params) => source.query(text, params) };
    await withTarget(url, async (target) => {
      const tables = await publicTables(lite);
      expect(await publicTables(target)).toEqual([...tables, ...(options.newTables ?? [])].sort());
      for (const table of tables) {
        if (table === "schema_migrations") continue;
        const [expected, actual] = [await rowsOf(lite, table), await rowsOf(target, table)];
        expect(actual.length, table).toBe(expected.length);
        expect(actual, table).toEqual(expected);
      }
      const names = async (db: Rows) =>
        (await db.query<{ name: string }>("select name from schema_migrations")).rows
          .map((row) => row.name)
          .sort();
      expect(await names(target)).toEqual([...(await names(lite)), ...(options.newMigrations ?? [])]);
      expect(await sequencesOf(target)).toEqual(await sequencesOf(lite));
    });
  } finally {
    await source.close();
  }
}

function keptFolders(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith("pgdata"))
    .sort();
}

/** The server's database alone, without the converter, for preparing or inspecting it. */
async function withServer<T>(dir: string, work: (client: Rows) => Promise<T>): Promise<T> {
  const server = await startEmbeddedServer({ dataDir: dir, settings });
  try {
    return await withTarget(server.url, work);
  } finally {
    await server.stop();
  }
}

let latestDir: string;
let latest: LegacyFixture;

beforeAll(async () => {
  latestDir = tempDir("fixture");
  latest = await buildLegacyDataDir(latestDir);
}, 120_000);

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A conversion starts PGlite and the server several times per test: slower than the project's default. */
const slow = { timeout: 120_000 };

describe("a data folder the previous release wrote (a fixture the test builds)", slow, () => {
  test("is converted whole into the embedded server at the first start, and kept aside", async () => {
    expect(latest.applied).toEqual(migrationNames);
    const dir = dataDirFrom(latestDir);
    const { logger, lines } = capturingLogger();
    const database = await openEmbedded(dir, { logger, settings });
    try {
      expect(keptFolders(dir)).toEqual([`pgdata-pglite-${today}`]);
      const [line] = converted(lines);
      const rows = 2 * (BULK_KEYS * 3 + Object.keys(WELCOME_STRINGS).length);
      expect(line).toMatchObject({ level: 30, keptAt: join(dir, `pgdata-pglite-${today}`) });
      expect(line?.rows).toBeGreaterThan(rows);
      console.log(
        `converted ${String(line?.rows)} rows in ${String(line?.tables)} tables in ${String(line?.ms)} ms`,
      );
      expect(lines).toContainEqual(expect.objectContaining({ jobs: 2 }));

      await expectSameAsSource(join(dir, `pgdata-pglite-${today}`), database.url);

      // The values as the app reads them.
      const { db } = database;
      const welcome = await db
        .selectFrom("translation_strings")
        .select(["language_code", "value"])
        .where("key_id", "=", WELCOME_KEY_ID)
        .execute();
      expect(Object.fromEntries(welcome.map((s) => [s.language_code, s.value]))).toEqual(WELCOME_STRINGS);
      const term = await db
        .selectFrom("glossary_terms")
        .selectAll()
        .where("term", "=", "Sign in")
        .executeTakeFirst();
      expect(term?.translations).toEqual(GLOSSARY_TRANSLATIONS);
      const shots = await db.selectFrom("screenshots").select(["id", "data", "byte_size"]).execute();
      expect(
        new Map(
          shots.map((s) => [
            s.id,
            createHash("sha256")
              .update(s.data ?? "")
              .digest("hex"),
          ]),
        ),
      ).toEqual(latest.screenshots);
      expect(shots.find((s) => s.id === SCREENSHOT_ID)?.data?.length).toBe(
        shots.find((s) => s.id === SCREENSHOT_ID)?.byte_size,
      );
      const key = await db
        .selectFrom("translation_keys")
        .selectAll()
        .where("id", "=", WELCOME_KEY_ID)
        .executeTakeFirst();
      expect(key?.tags).toEqual(["home", "needs review"]);
      const user = await db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", "u-owner")
        .executeTakeFirstOrThrow();
      expect(user.created_at.toISOString()).toBe("2024-03-01T10:00:00.123Z");
      const micros = await sql<{
        t: string;
      }>`select created_at::text as t from users where id = 'u-owner'`.execute(db);
      expect(micros.rows[0]?.t).toMatch(/10:00:00\.123456/);
      const usage = await sql<{ n: string }>`select input_tokens::text as n from ai_usage`.execute(db);
      expect(usage.rows[0]?.n).toBe("9007199254740993");

      // Nothing of pg-boss came along: it makes its schema itself.
      const pgboss = await sql<{ ok: boolean }>`select to_regnamespace('pgboss') is null as ok`.execute(db);
      expect(pgboss.rows[0]?.ok).toBe(true);
      // Identities and serials go on after the copied rows; the completion triggers work again.
      const inserted = await db
        .insertInto("string_history")
        .values({
          key_id: WELCOME_KEY_ID,
          project_id: PROJECT_ID,
          language_code: "de",
          value: "x",
          version: 2,
          origin: "person",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const max = await sql<{
        n: number;
      }>`select max(id) as n from string_history where id <> ${inserted.id}`.execute(db);
      expect(Number(inserted.id)).toBeGreaterThan(Number(max.rows[0]?.n));
      const counts = await sql<{ n: number }>`select count(*) as n from language_counts`.execute(db);
      await db
        .insertInto("translation_strings")
        .values({ key_id: WELCOME_KEY_ID, project_id: PROJECT_ID, language_code: "fr", value: "Bienvenue" })
        .execute();
      const after = await sql<{ n: number }>`select count(*) as n from language_counts`.execute(db);
      expect(Number(after.rows[0]?.n)).toBe(Number(counts.rows[0]?.n) + 1);
    } finally {
      await database.close();
    }

    // A second start finds nothing to convert and the data as it was left.
    const second = capturingLogger();
    const again = await openEmbedded(dir, { logger: second.logger, settings });
    try {
      expect(converted(second.lines)).toEqual([]);
      expect(keptFolders(dir)).toEqual([`pgdata-pglite-${today}`]);
      const strings = await sql<{ n: number }>`select count(*) as n from translation_strings`.execute(
        again.db,
      );
      expect(Number(strings.rows[0]?.n)).toBe(BULK_KEYS * 3 + Object.keys(WELCOME_STRINGS).length + 1);
    } finally {
      await again.close();
    }
  });

  test("a folder migrated part of the way is converted at that migration, then the app migrates it forward", async () => {
    const olderDir = tempDir("older");
    const target = migrationNames.at(-3) ?? "";
    const older = await buildLegacyDataDir(olderDir, { migrateTo: target });
    expect(older.applied).toEqual(migrationNames.slice(0, -2));
    const dir = dataDirFrom(olderDir);
    const database = await openEmbedded(dir, { settings });
    try {
      await expectSameAsSource(join(dir, `pgdata-pglite-${today}`), database.url);
      expect(await withTarget(database.url, publicTables)).not.toContain("ai_usage");
      expect(await migrateToLatest(database.db)).toEqual(migrationNames.slice(-2));
      // The later migrations only add tables: everything the old release had is still there.
      await expectSameAsSource(join(dir, `pgdata-pglite-${today}`), database.url, {
        newTables: ["ai_usage", "project_snapshots", "word_counts"],
        newMigrations: migrationNames.slice(-2),
      });
      const strings = await sql<{ n: number }>`select count(*) as n from translation_strings`.execute(
        database.db,
      );
      expect(Number(strings.rows[0]?.n)).toBe(BULK_KEYS * 3 + Object.keys(WELCOME_STRINGS).length);
    } finally {
      await database.close();
    }
  });

  test("a conversion that fails leaves pgdata in place and the server's database empty, and the next start succeeds", async () => {
    const dir = dataDirFrom(latestDir);
    // The server's database is made to lose rows: when the migrations create translation_strings, an
    // event trigger adds a trigger that drops the Hebrew strings, enabled ALWAYS (replica mode runs it).
    await withServer(dir, async (client) => {
      await client.query(`create schema legacy_test;
        create function legacy_test.drop_hebrew() returns trigger language plpgsql as $$
        begin if new.language_code = 'he' then return null; end if; return new; end $$;
        create function legacy_test.sabotage() returns event_trigger language plpgsql as $$
        begin
          if exists (select 1 from pg_event_trigger_ddl_commands()
                     where command_tag = 'CREATE TABLE' and object_identity = 'public.translation_strings') then
            create trigger drop_hebrew before insert on public.translation_strings
              for each row execute function legacy_test.drop_hebrew();
            alter table public.translation_strings enable always trigger drop_hebrew;
          end if;
        end $$;
        create event trigger legacy_test_sabotage on ddl_command_end execute function legacy_test.sabotage();`);
    });
    await expect(openEmbedded(dir, { settings })).rejects.toThrow(
      new RegExp(
        `table translation_strings has ${BULK_KEYS * 2 + 3} rows after the copy, PGlite ${BULK_KEYS * 3 + 4}`,
      ),
    );
    expect(keptFolders(dir)).toEqual(["pgdata"]);
    expect(await withServer(dir, publicTables)).toEqual([]);

    // Then to refuse a row: a check constraint that one glossary term breaks.
    await withServer(dir, async (client) => {
      await client.query(`create or replace function legacy_test.sabotage() returns event_trigger language plpgsql as $$
        begin
          if exists (select 1 from pg_event_trigger_ddl_commands()
                     where command_tag = 'CREATE TABLE' and object_identity = 'public.glossary_terms') then
            alter table public.glossary_terms add constraint no_brands check (part_of_speech <> 'proper noun');
          end if;
        end $$`);
    });
    await expect(openEmbedded(dir, { settings })).rejects.toThrow(/nothing was changed: .*no_brands/);
    expect(keptFolders(dir)).toEqual(["pgdata"]);
    expect(await withServer(dir, publicTables)).toEqual([]);

    // With the cause gone, the next start converts.
    await withServer(dir, (client) => client.query("drop schema legacy_test cascade"));
    const database = await openEmbedded(dir, { settings });
    try {
      await expectSameAsSource(join(dir, `pgdata-pglite-${today}`), database.url);
    } finally {
      await database.close();
    }
  });

  test("a folder from a newer release is refused, and nothing is renamed", async () => {
    const dir = dataDirFrom(latestDir);
    const pglite: PGlite = openLegacyPGlite(join(dir, "pgdata"));
    await pglite.query(
      "insert into schema_migrations (name, timestamp) values ('9999-from-the-future', now())",
    );
    await pglite.close();
    await expect(openEmbedded(dir, { settings })).rejects.toThrow(
      /written by a newer release of Sprog.*9999-from-the-future.*nothing was changed/,
    );
    expect(keptFolders(dir)).toEqual(["pgdata"]);
    expect(await withServer(dir, publicTables)).toEqual([]);
  });

  test("a conversion stopped before the rename is finished; a server with other data is never overwritten", async () => {
    const dir = dataDirFrom(latestDir);
    await (await openEmbedded(dir, { settings })).close();
    // As if the process had stopped between the commit and the rename (a copy: the dated name is taken).
    cpSync(join(dir, `pgdata-pglite-${today}`), join(dir, "pgdata"), { recursive: true });
    const { logger, lines } = capturingLogger();
    const database = await openEmbedded(dir, { logger, settings });
    try {
      expect(converted(lines)).toEqual([expect.objectContaining({ resumed: true })]);
      expect(keptFolders(dir)).toEqual([`pgdata-pglite-${today}`, `pgdata-pglite-${today}-2`]);
      await expectSameAsSource(join(dir, `pgdata-pglite-${today}-2`), database.url);
      // The app writes on.
      await database.db.insertInto("app_settings").values({ key: "later", value: "1" }).execute();
    } finally {
      await database.close();
    }

    renameSync(join(dir, `pgdata-pglite-${today}`), join(dir, "pgdata"));
    await expect(openEmbedded(dir, { settings })).rejects.toThrow(
      /holds both the PGlite data folder .*app_settings: 2 rows in PostgreSQL, 1 in PGlite.*move pgdata out of DATA_DIR/,
    );
    expect(existsSync(join(dir, "pgdata"))).toBe(true);
    const kept = await withServer(dir, (client) =>
      client.query<{ n: string }>("select count(*)::text as n from app_settings"),
    );
    expect(kept.rows[0]?.n).toBe("2");
  });
});

describe("column types the conversion carries", slow, () => {
  test("every value arrives as PGlite held it, in its own type", async () => {
    const dir = tempDir("types");
    const ddl = `create table probe (
      id bigint generated always as identity primary key,
      t text, j json, jb jsonb, b bytea, ta text[], ua uuid[], ts timestamptz, tsl timestamp, d date, n numeric,
      f8 float8, f4 real, bo boolean, u uuid, iv interval, tm time, ia int[], ba bytea[], big bigint, ja jsonb[],
      ch char(3), ip inet, tv tsvector,
      words tsvector generated always as (to_tsvector('simple', coalesce(t, ''))) stored
    )`;
    const pglite = openLegacyPGlite(join(dir, "pgdata"));
    await pglite.exec(ddl);
    await pglite.query(
      `insert into probe (t, j, jb, b, ta, ua, ts, tsl, d, n, f8, f4, bo, u, iv, tm, ia, ba, big, ja, ch, ip, tv) values
       ($1, '{"a":1,"a":2, "x" : [1.000000000000000000001, 1e400]}', '{"z":"é😀","n":1.10}', '\\x00ff5c27',
        array['a,b', 'c"d', null, '', 'NULL', 'מה', E'x\\ny'], array[gen_random_uuid()],
        '2024-02-29 12:34:56.123456+03', '2024-02-29 12:34:56.654321', '2024-02-29',
        123456789012345678901234567890.123456789, 'NaN', '-0', true, gen_random_uuid(), '1 mon 2 days 03:04:05.678',
        '23:59:59.999999', '{{1,2},{3,4}}', array['\\x00'::bytea, '\\xdeadbeef'::bytea], 9007199254740993,
        array['{"a":1}'::jsonb], 'ab', '10.0.0.1/8', 'a:1 b:2'),
       ($2, 'null', 'null', '', '{}', '{}', 'infinity', '-infinity', 'infinity', 'NaN', 'Infinity', '-Infinity', false,
        null, '-1 year', '00:00', '[0:1]={5,6}', '{}', -9223372036854775808, '{}', null, null, ''),
       (null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null)`,
      ["😀 שלום مرحبا \u200f\u202e x\\y \"q\" 'a' \u{10FFFF}", "line1\nline2\r\n\ttab"],
    );
    await pglite.query("select setval(pg_get_serial_sequence('probe', 'id'), 41)");
    // Each row's text form, as PostgreSQL prints it, but for the generated column: that is computed
    // again, by the server's own text search parser, which (builtin C.UTF-8 locale) also indexes the
    // emoji and other symbols that PGlite's skips.
    const textForms = `select (id, t, j, jb, b, ta, ua, ts, tsl, d, n, f8, f4, bo, u, iv, tm, ia, ba, big, ja, ch, ip, tv)::text
      as row from probe order by id`;
    const expected = (await pglite.query<{ row: string }>(textForms)).rows;
    await pglite.close();
    // The server's database has the table (no migrations ran in this folder).
    await withServer(dir, (client) => client.query(ddl));

    const database = await openEmbedded(dir, { settings });
    try {
      const actual = await withTarget(database.url, (client) => client.query<{ row: string }>(textForms));
      expect(actual.rows).toEqual(expected);
      const recomputed = await sql<{
        ok: boolean;
      }>`select bool_and(words = to_tsvector('simple', coalesce(t, ''))) as ok
        from probe`.execute(database.db);
      expect(recomputed.rows[0]?.ok).toBe(true);
      const next = await sql<{
        id: string;
      }>`insert into probe (t) values ('next') returning id::text`.execute(database.db);
      expect(next.rows[0]?.id).toBe("42");
    } finally {
      await database.close();
    }
  });
});

describe("a data folder without PGlite's database", () => {
  test("is left alone at once, without touching the server", async () => {
    const dir = tempDir("none");
    const unreachable = "postgres://nobody@127.0.0.1:1/none";
    await expect(convertLegacyDataDir(dir, unreachable)).resolves.toBeUndefined();
    // A pgdata folder PGlite never initialised (no PG_VERSION) is not a database either.
    mkdirSync(join(dir, "pgdata"));
    await expect(convertLegacyDataDir(dir, unreachable)).resolves.toBeUndefined();
    expect(keptFolders(dir)).toEqual(["pgdata"]);
  });
});
