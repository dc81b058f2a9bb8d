import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, test } from "vitest";
import { openEmbedded } from "../../src/server/db/database.ts";
import { convertLegacyDataDir } from "../../src/server/db/legacy/convert-pglite.ts";
import {
  keptFolders,
  removeTempDirs,
  settings,
  slow,
  tempDir,
  withServer,
  withTarget,
} from "../helpers/legacy-conversion.ts";
import { openLegacyPGlite } from "../helpers/legacy-pglite.ts";

/** The PGlite conversion, value by value: every column type arrives as PGlite held it. */

afterAll(removeTempDirs);

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
