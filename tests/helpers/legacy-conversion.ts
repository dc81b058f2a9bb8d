import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { pino } from "pino";
import { expect } from "vitest";
import { startEmbeddedServer } from "../../src/server/db/embedded/embedded-server.ts";
import type { Queryable } from "../../src/server/db/legacy/copy-tables.ts";
import type { Logger } from "../../src/server/logger.ts";
import { openLegacyPGlite } from "./legacy-pglite.ts";

/**
 * What the PGlite conversion tests share: temporary data folders, the server's database read
 * without the converter, and a table-by-table, row-by-row comparison of source and target.
 */

/** Test data need not survive a crash of the machine. */
export const settings = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };
export const today = new Date().toISOString().slice(0, 10);
const folders: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sprog-legacy-${prefix}-`));
  folders.push(dir);
  return dir;
}

/** A fresh DATA_DIR holding a copy of a fixture's pgdata: each conversion renames its folder. */
export function dataDirFrom(fixtureDir: string): string {
  const dir = tempDir("data");
  cpSync(join(fixtureDir, "pgdata"), join(dir, "pgdata"), { recursive: true });
  return dir;
}

export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

export const converted = (lines: Array<Record<string, unknown>>) =>
  lines.filter((line) => String(line.msg).startsWith("converted the PGlite data folder"));

export type Rows = Queryable;

export async function withTarget<T>(url: string, work: (client: Rows) => Promise<T>): Promise<T> {
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

export async function publicTables(db: Rows): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public'",
  );
  return rows.map((row) => row.name).sort();
}

/** Every row in full (JSON text of all columns, bytea as hex), sorted: comparable across servers. */
/** Each row as JSON text, sorted; `without` leaves those columns out. */
async function rowsOf(db: Rows, table: string, without: readonly string[] = []): Promise<string[]> {
  const { rows } = await db.query<{ row: string }>(
    `select (to_jsonb(whole_row) - $1::text[])::text as row from public."${table}" whole_row`,
    [without],
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
export async function expectSameAsSource(
  pgdataCopy: string,
  url: string,
  options: {
    newTables?: string[];
    newMigrations?: string[];
    /** Columns later migrations added to a table: compared by the caller, not here. */
    newColumns?: Record<string, string[]>;
    /** Columns later migrations removed (0034: better-auth's organization leftovers). */
    droppedColumns?: Record<string, string[]>;
  } = {},
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
        const added = options.newColumns?.[table] ?? [];
        const dropped = options.droppedColumns?.[table] ?? [];
        const [expected, actual] = [await rowsOf(lite, table, dropped), await rowsOf(target, table, added)];
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

export function keptFolders(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith("pgdata"))
    .sort();
}

/** The server's database alone, without the converter, for preparing or inspecting it. */
export async function withServer<T>(dir: string, work: (client: Rows) => Promise<T>): Promise<T> {
  const server = await startEmbeddedServer({ dataDir: dir, settings });
  try {
    return await withTarget(server.url, work);
  } finally {
    await server.stop();
  }
}

/** Removes every folder `tempDir` made (a test file's afterAll). */
export function removeTempDirs(): void {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A conversion starts PGlite and the server several times per test: slower than the project's default. */
export const slow = { timeout: 120_000 };
