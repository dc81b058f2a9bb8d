import { createHash } from "node:crypto";
import { cpSync, existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openEmbedded } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import {
  capturingLogger,
  converted,
  dataDirFrom,
  expectSameAsSource,
  keptFolders,
  publicTables,
  removeTempDirs,
  settings,
  slow,
  tempDir,
  today,
  withServer,
  withTarget,
} from "../helpers/legacy-conversion.ts";
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

let latestDir: string;
let latest: LegacyFixture;

beforeAll(async () => {
  latestDir = tempDir("fixture");
  latest = await buildLegacyDataDir(latestDir);
}, 120_000);

afterAll(removeTempDirs);

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
    // A release before the AI usage table (0024); the ones after it only add tables.
    const target = "0023-activity";
    const later = migrationNames.slice(migrationNames.indexOf(target) + 1);
    const older = await buildLegacyDataDir(olderDir, { migrateTo: target });
    expect(older.applied).toEqual(migrationNames.slice(0, migrationNames.indexOf(target) + 1));
    const dir = dataDirFrom(olderDir);
    const database = await openEmbedded(dir, { settings });
    try {
      await expectSameAsSource(join(dir, `pgdata-pglite-${today}`), database.url);
      expect(await withTarget(database.url, publicTables)).not.toContain("ai_usage");
      expect(await migrateToLatest(database.db)).toEqual(later);
      // The later migrations add tables (0029: the uploaded files kept as templates) and columns
      // (0028: who a comment ever mentioned, filled from its mentions; 0030: each key's namespace,
      // the default for every key there was; 0033: pending e-mail changes; 0035: the coding agent of
      // a history row or a verdict and the MCP client a key last named, null for all an older
      // release wrote; 0036: releases and in-context tokens, and each project's distribution id;
      // 0037 and 0038: single sign-on, 0038's new columns all on 0037's tables, so none listed here;
      // 0039: branches, their rows, and whether a project's main is protected; 0041: a review's
      // branch and when it was completed, and whether a project's merges need a review; 0042's
      // branch of a release is on 0036's table, so not listed here; 0043: the branch a batch
      // translation job translates; 0047: the strings' stored checks, now a table of their own),
      // and 0034 and 0047 remove
      // better-auth's organization columns nothing read: everything else the old release had is
      // still there.
      await expectSameAsSource(join(dir, `pgdata-pglite-${today}`), database.url, {
        newTables: [
          "ai_usage",
          "project_snapshots",
          "word_counts",
          "key_search_texts",
          "file_templates",
          "email_changes",
          "releases",
          "release_files",
          "release_environments",
          "release_downloads",
          "in_context_tokens",
          "team_domains",
          "team_sso",
          "sso_sign_ins",
          "sso_joins",
          "sso_seen_assertions",
          "branches",
          "branch_keys",
          "branch_strings",
          "branch_history",
          "string_checks",
          "branch_checks",
        ],
        newMigrations: later,
        newColumns: {
          comments: ["mentioned_ever"],
          translation_keys: ["namespace"],
          string_history: ["agent"],
          review_approvals: ["agent"],
          api_keys: ["client_name"],
          projects: ["distribution_id", "release_on_review", "main_protected", "merge_requires_review"],
          reviews: ["branch_id", "completed_at"],
          batch_translation_jobs: ["branch_id"],
        },
        droppedColumns: {
          translation_strings: ["checks"],
          teams: ["slug", "logo", "metadata"],
          sessions: ["active_organization_id"],
          invites: ["expires_at"],
        },
      });
      // Nothing an older release wrote was an agent's.
      const agents = await sql<{ n: number }>`
        select (select count(*) from string_history where agent is not null)
          + (select count(*) from review_approvals where agent is not null)
          + (select count(*) from api_keys where client_name is not null) as n`.execute(database.db);
      expect(Number(agents.rows[0]?.n)).toBe(0);
      const comments = await sql<{ mentions: string[]; mentioned_ever: string[] }>`
        select mentions, mentioned_ever from comments`.execute(database.db);
      expect(comments.rows.length).toBeGreaterThan(0);
      for (const row of comments.rows) expect(row.mentioned_ever).toEqual(row.mentions);
      const strings = await sql<{ n: number }>`select count(*) as n from translation_strings`.execute(
        database.db,
      );
      expect(Number(strings.rows[0]?.n)).toBe(BULK_KEYS * 3 + Object.keys(WELCOME_STRINGS).length);
      // 0047 moved the stored checks out of the strings, each string's with its version.
      const checks = await sql<{ moved: number; failing: number }>`
        select (select count(*)::int from string_checks c join translation_strings t
            on t.key_id = c.key_id and t.language_code = c.language_code and t.version = c.string_version
            where c.checks = '{placeholders,length}') as moved,
          (select count(*)::int from translation_strings where language_code = 'he' and value like 'פריט 2%') as failing
      `.execute(database.db);
      expect(checks.rows[0]?.failing).toBeGreaterThan(0);
      expect(checks.rows[0]?.moved).toBe(checks.rows[0]?.failing);
      // 0026 gave every key with a string its search text.
      const searchable = await sql<{ texts: number; keys: number }>`
        select (select count(*)::int from key_search_texts) as texts,
          (select count(distinct key_id)::int from translation_strings where value <> '') as keys
      `.execute(database.db);
      expect(searchable.rows[0]?.texts).toBe(searchable.rows[0]?.keys);
      expect(searchable.rows[0]?.texts).toBeGreaterThanOrEqual(BULK_KEYS);
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
