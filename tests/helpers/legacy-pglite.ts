import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  Kysely,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from "kysely";
import { migrations } from "../../src/server/db/migrations/index.ts";

/**
 * A data folder as releases before the embedded PostgreSQL server left it: PGlite in `DATA_DIR/pgdata`,
 * opened as they opened it, migrated by the app's migrations through Kysely, with realistic rows.
 */

export function openLegacyPGlite(pgdata: string): PGlite {
  return new PGlite({ dataDir: pgdata, extensions: { pg_trgm } });
}

/** PGlite is one connection used by one caller here (the migrator), so BEGIN/COMMIT on it serve. */
class PGliteConnection implements DatabaseConnection {
  constructor(readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: the migrator never streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("no streaming over PGlite");
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  constructor(pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }
  async init() {}
  async acquireConnection() {
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  async releaseConnection() {}
  async destroy() {}
}

class PGliteDialect implements Dialect {
  constructor(readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

export const migrationNames = Object.keys(migrations).sort();

export const PROJECT_ID = "00000000-0000-4000-8000-000000000001";
export const WELCOME_KEY_ID = "00000000-0000-4000-8000-0000000000a1";
export const SCREENSHOT_ID = "00000000-0000-4000-8000-0000000000c1";
export const WELCOME_STRINGS: Record<string, string> = {
  en: "Welcome, {name}! 👋🏽 Let's go 🚀",
  he: "ברוך הבא, {name}! 👋",
  ar: "مرحبا بك، {name}! \u200f(RTL)",
  de: "Willkommen,\n{name}!\r\n\tZeile 3 — „Anführung“ \\ Backslash 'quote' \"double\"",
};
export const GLOSSARY_TRANSLATIONS = {
  de: "Anmelden",
  he: "התחברות",
  ar: "تسجيل الدخول",
  ja: "サインイン 🔑",
};
/** Keys of the generated bulk; each has a string in en, de and he. */
export const BULK_KEYS = 2000;
/** Screenshots of this size, so the copy must split the table by bytes, not rows. */
const LARGE_SCREENSHOTS = 4;
const LARGE_SCREENSHOT_BYTES = 3 * 1024 * 1024;

export interface LegacyFixture {
  applied: string[];
  /** sha256 of each screenshot's bytes, by id. */
  screenshots: Map<string, string>;
}

/**
 * Writes `dataDir/pgdata`: migrated to `migrateTo` (default: all), seeded, closed. Tables the chosen
 * migration does not have yet get no rows.
 */
export async function buildLegacyDataDir(
  dataDir: string,
  options: { migrateTo?: string } = {},
): Promise<LegacyFixture> {
  const pglite = openLegacyPGlite(join(dataDir, "pgdata"));
  try {
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    const provider: MigrationProvider = { getMigrations: async () => migrations };
    const migrator = new Migrator({
      db,
      provider,
      migrationTableName: "schema_migrations",
      migrationLockTableName: "schema_migrations_lock",
    });
    const { error } = await (options.migrateTo
      ? migrator.migrateTo(options.migrateTo)
      : migrator.migrateToLatest());
    if (error) throw error;
    await db.destroy();
    const applied = (await pglite.query<{ name: string }>("select name from schema_migrations order by name"))
      .rows;
    const screenshots = await seed(pglite);
    return { applied: applied.map((row) => row.name), screenshots };
  } finally {
    await pglite.close();
  }
}

async function exists(pglite: PGlite, table: string): Promise<boolean> {
  const { rows } = await pglite.query<{ ok: boolean }>("select to_regclass($1) is not null as ok", [table]);
  return rows[0]?.ok === true;
}

async function hasColumn(pglite: PGlite, table: string, column: string): Promise<boolean> {
  const { rows } = await pglite.query<{ ok: boolean }>(
    "select exists (select 1 from information_schema.columns where table_name = $1 and column_name = $2) as ok",
    [table, column],
  );
  return rows[0]?.ok === true;
}

async function seed(pglite: PGlite): Promise<Map<string, string>> {
  const P = `'${PROJECT_ID}'`;
  const K = `'${WELCOME_KEY_ID}'`;
  // better-auth's organization columns, there until migration 0034 took them away: a folder of an
  // older release has them filled.
  const organizationColumns = await hasColumn(pglite, "teams", "slug");
  const sessionColumns = organizationColumns ? ", active_organization_id" : "";
  const sessionValues = organizationColumns ? ", 'team-1'" : "";
  const teamColumns = organizationColumns ? ", slug, metadata" : "";
  const teamValues = organizationColumns ? `, 'acme', '{"seats":3}'` : "";
  const inviteColumns = organizationColumns ? ", expires_at" : "";
  const inviteValues = organizationColumns ? ", '2030-01-01 00:00:00+00'" : "";
  await pglite.exec(`
    insert into users (id, name, email, email_verified, image, created_at, updated_at) values
      ('u-owner', 'Ada Lovelace', 'ada@example.com', true, null, '2024-03-01 10:00:00.123456+00', '2024-03-02 11:00:00.654321+00'),
      ('u-translator', 'יעל כהן', 'yael@example.com', false, 'https://example.com/y.png', '2024-03-01 10:05:00.000001+00', now());
    insert into accounts (id, user_id, account_id, provider_id) values ('acc-1', 'u-owner', 'u-owner', 'email-otp');
    insert into sessions (id, user_id, token, expires_at, ip_address, user_agent${sessionColumns})
      values ('s-1', 'u-owner', 'token-1', '2030-01-01 00:00:00+00', '127.0.0.1', 'Mozilla/5.0 (X11)'${sessionValues});
    insert into verification_codes (id, identifier, value, expires_at)
      values ('v-1', 'sign-in-otp-new@example.com', '123456:0', '2030-01-01 00:00:00+00');
    insert into rate_limits (id, key, count, last_request) values ('rl-1', '127.0.0.1|/sign-in', 3, 1767225600123);
    insert into app_settings (key, value) values ('auth_secret', 'c2VjcmV0LXNlY3JldA==');
    insert into profiles (user_id, email, first_name, last_name, created_at)
      values ('u-owner', 'ada@example.com', 'Ada', 'Lovelace', '2024-03-01 10:00:00.5+00'),
             ('u-translator', 'yael@example.com', 'יעל', 'כהן', '2024-03-01 10:05:00+00');
    insert into teams (id, name, tov_product_context, tov_tone${teamColumns})
      values ('team-1', 'Acme 🚀', E'Notes app\nfor teams', 'friendly'${teamValues});
    insert into members (id, team_id, user_id, role) values ('m-1', 'team-1', 'u-owner', 'owner'),
      ('m-2', 'team-1', 'u-translator', 'translator');
    insert into invites (id, team_id, email, role, inviter_id${inviteColumns})
      values ('inv-1', 'team-1', 'new@example.com', 'reviewer', 'u-owner'${inviteValues});
    insert into projects (id, team_id, name, kind, source_language, languages, placeholder_format)
      values (${P}, 'team-1', 'Web app «beta»', 'web', 'en', '{en,de,he,ar}', 'icu');
    insert into tone_sections (team_id, title, description, rules, position)
      values ('team-1', 'Voice', 'How we sound', '{"Be brief","Say \\"you\\", not \\"the user\\"","","NULL"}', 0);
    insert into translation_keys (id, project_id, key, description, tags, format_meta, max_length)
      values (${K}, ${P}, 'welcome.title', 'Greeting on the home page', '{home,"needs review"}',
              '{"po": {"references": ["src/app.tsx:12"], "flags": ["c-format"]}}', 60);
    insert into translation_keys (project_id, key, description, position, tags, format_meta, max_length)
      select ${P}, 'screen.item_' || lpad(i::text, 5, '0'), case when i % 7 = 0 then 'Shown in the list' end, i,
        case when i % 3 = 0 then '{ui,list}'::text[] else '{}' end,
        case when i % 5 = 0 then '{"arb": {"placeholders": {"n": {"type": "int"}}}}'::jsonb else '{}' end,
        case when i % 11 = 0 then 40 end
      from generate_series(1, ${BULK_KEYS}) i;
    insert into translation_strings (key_id, project_id, language_code, value, version, updated_by, updated_at)
      select k.id, k.project_id, l.code,
        case l.code when 'en' then 'Item ' || k.position::int when 'de' then E'Eintrag ' || k.position::int || E'\\nzweite Zeile'
          else 'פריט ' || k.position::int || ' ✓' end,
        1 + k.position::int % 3, 'u-translator', '2024-03-04 09:00:00+00'::timestamptz + k.position * interval '1.000001 second'
      from translation_keys k cross join (values ('en'), ('de'), ('he')) l(code)
      where k.key like 'screen.item_%';
  `);
  for (const [language, value] of Object.entries(WELCOME_STRINGS)) {
    await pglite.query(
      "insert into translation_strings (key_id, project_id, language_code, value, updated_by) values ($1, $2, $3, $4, 'u-owner')",
      [WELCOME_KEY_ID, PROJECT_ID, language, value],
    );
  }
  await pglite.exec(`
    update translation_strings set machine = 'ai' where language_code = 'de' and value like 'Eintrag 1%';
    -- Stored checks: a column of the strings from 0019, a table of their own from 0047.
    do $$ begin
      if to_regclass('string_checks') is not null then
        insert into string_checks (key_id, language_code, project_id, checks, string_version)
        select key_id, language_code, project_id, '{placeholders,length}', version from translation_strings
        where language_code = 'he' and value like 'פריט 2%';
      elsif exists (select 1 from information_schema.columns
          where table_name = 'translation_strings' and column_name = 'checks') then
        update translation_strings set checks = '{placeholders,length}' where language_code = 'he' and value like 'פריט 2%';
      end if;
    end $$;
    insert into string_history (key_id, project_id, language_code, value, version, origin, user_id, created_at)
      select key_id, project_id, language_code, value, version, 'import', updated_by, updated_at from translation_strings;
    insert into string_history (key_id, project_id, language_code, value, version, origin, user_id)
      values (${K}, ${P}, 'ar', null, 2, 'person', 'u-owner');
    delete from string_history where id in (select id from string_history order by id desc limit 3 offset 1);
    insert into api_keys (project_id, name, key_hash, key_prefix, created_by, last_used_at)
      values (${P}, 'CI 🤖', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'sprog_ab', 'u-owner', now());
    insert into reviews (id, project_id, title, description, owner_user_id, languages_done)
      values ('00000000-0000-4000-8000-0000000000b1', ${P}, 'Release 1.2', E'Before launch\n— all RTL', 'u-owner', '{de}');
    insert into review_keys (review_id, key_id) values ('00000000-0000-4000-8000-0000000000b1', ${K});
    insert into review_approvals (review_id, key_id, language_code, state, comment, string_version, user_id)
      values ('00000000-0000-4000-8000-0000000000b1', ${K}, 'de', 'approved', 'Gut ✓', 1, 'u-owner');
    insert into batch_translation_jobs (id, project_id, source_language, target_language, status, total_items, chunk_count, model, created_by)
      values ('00000000-0000-4000-8000-0000000000d1', ${P}, 'en', 'ar', 'processing', 2, 1, 'gpt-4o-mini', 'u-owner');
    insert into batch_translation_items (job_id, key_id, chunk, status)
      select '00000000-0000-4000-8000-0000000000d1', id, 0, case when key = 'welcome.title' then 'done' else 'pending' end
      from translation_keys where key in ('welcome.title', 'screen.item_00001');
    insert into subscriptions (team_id, provider, provider_customer_id, status, product_name, renewal_date, seats, trial_end)
      values ('team-1', 'stripe', 'cus_123', 'active', 'Team', '2030-01-01 00:00:00.000001+00', 3, null);
    insert into billing_events (id, provider, type) values ('evt_1', 'stripe', 'customer.subscription.updated');
    insert into project_file_meta (project_id, format, language_code, meta)
      values (${P}, 'po', 'de', '{"header": {"Language": "de", "Plural-Forms": "nplurals=2; plural=(n != 1);"}, "empty": null}');
    insert into webhooks (id, project_id, url, events, secret, created_by)
      values ('00000000-0000-4000-8000-0000000000e1', ${P}, 'https://hooks.example.com/sprog', '{strings.updated,review.completed}', 'whsec_1', 'u-owner');
    insert into webhook_deliveries (webhook_id, delivery_id, event, attempt, status, response_code, response_body, latency_ms)
      values ('00000000-0000-4000-8000-0000000000e1', gen_random_uuid(), 'strings.updated', 1, 'succeeded', 200, '{"ok":true}', 35);
    insert into webhook_review_completions (review_id) values ('00000000-0000-4000-8000-0000000000b1');
    insert into glossary_terms (team_id, term, description, part_of_speech, case_sensitive, do_not_translate, translations, created_by)
      values ('team-1', 'Sign in', 'The button', 'verb', false, false, '${JSON.stringify(GLOSSARY_TRANSLATIONS)}', 'u-owner'),
             ('team-1', 'Acme', 'Brand', 'proper noun', true, true, '{}', 'u-owner');
    insert into comments (project_id, key_id, language_code, author_id, body, mentions)
      values (${P}, ${K}, 'he', 'u-owner', E'Is this right? @יעל 🤔\nSecond line', '{u-translator}');
    insert into activity (team_id, project_id, user_id, kind, minute, count, key_ids, key_names, languages, details)
      values ('team-1', ${P}, 'u-owner', 'strings.edited', '2024-03-05 08:01:00+00', 3, array[${K}]::uuid[], '{welcome.title}', '{de,he}',
              '{"from": "import", "ratio": 1.50, "nested": {"list": [1, "two", null]}}'),
             ('team-1', null, null, 'team.created', null, 0, '{}', '{}', '{}', '{}');
    create schema pgboss;
    create table pgboss.job (id uuid primary key default gen_random_uuid(), name text not null, state text not null);
    insert into pgboss.job (name, state) values ('batch-translate', 'created'), ('batch-translate', 'active'), ('webhooks', 'completed');
  `);
  if (await exists(pglite, "ai_usage")) {
    await pglite.exec(`insert into ai_usage (team_id, month, calls, input_tokens, output_tokens, characters)
      values ('team-1', '2024-03-01', 12, 9007199254740993, 4567, 89012)`);
  }
  if (await exists(pglite, "word_counts")) {
    await pglite.exec(`
      insert into project_snapshots (project_id, language_code, day, translated, total)
        select ${P}, l, d::date, 10, 2001 from unnest('{de,he}'::text[]) l,
          generate_series('2024-03-01'::date, '2024-03-10'::date, '1 day') d;
      insert into word_counts (project_id, month, origin, words) values (${P}, '2024-03-01', 'people', 1234), (${P}, '2024-03-01', 'ai', 5678);
    `);
  }
  return seedScreenshots(pglite);
}

async function seedScreenshots(pglite: PGlite): Promise<Map<string, string>> {
  const screenshots = new Map<string, string>();
  const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x5c, 0x27, 0x22]);
  for (let i = 0; i <= LARGE_SCREENSHOTS; i++) {
    const id = i === 0 ? SCREENSHOT_ID : `00000000-0000-4000-8000-0000000001${String(i).padStart(2, "0")}`;
    const bytes = Buffer.concat([pngHeader, randomBytes(i === 0 ? 500 : LARGE_SCREENSHOT_BYTES)]);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    await pglite.query(
      `insert into screenshots (id, project_id, name, mime, width, height, byte_size, sha256, data, created_by)
       values ($1, $2, $3, 'image/png', 1280, 720, $4, $5, $6, 'u-owner')`,
      [id, PROJECT_ID, `home ${i} — עברית.png`, bytes.length, sha256, bytes],
    );
    screenshots.set(id, sha256);
  }
  await pglite.query(
    `insert into screenshot_keys (screenshot_id, key_id, rect_x, rect_y, rect_width, rect_height)
     values ($1, $2, 10, 20, 300, 40)`,
    [SCREENSHOT_ID, WELCOME_KEY_ID],
  );
  return screenshots;
}
