import pg from "pg";

/**
 * Which database the test helpers use, and whether PostgreSQL is there. Imports neither vitest nor
 * server code, so scripts/test.ts and global setups can use it.
 */

export type TestDatabaseKind = "embedded" | "postgres";

/**
 * Which server the integration and e2e tests run on: `TEST_DB=embedded|postgres` (default
 * embedded: the PostgreSQL 18 server Sprog starts itself; postgres: TEST_DATABASE_URL's server,
 * PostgreSQL 15 on this machine, the oldest supported). `npm test` runs the integration project
 * once on each.
 */
export function testDatabaseKind(env: Record<string, string | undefined> = process.env): TestDatabaseKind {
  const value = env.TEST_DB || "embedded";
  if (value !== "embedded" && value !== "postgres") {
    throw new Error(`TEST_DB must be "embedded" or "postgres", got "${value}"`);
  }
  return value;
}

/** The server's name for test titles. */
export function testDatabaseLabel(kind: TestDatabaseKind = testDatabaseKind()): string {
  return kind === "postgres" ? "PostgreSQL (TEST_DATABASE_URL)" : "the embedded PostgreSQL";
}

/** The server the PostgreSQL tests create their databases on (trust auth on this machine). */
export const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export function testDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  return env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url;
  }
}

/** True when a PostgreSQL server answers `select 1` at `url` within `timeoutMs`. */
export async function postgresAvailable(url = testDatabaseUrl(), timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // An error emitted after connect (server going away) must not crash the caller.
  client.on("error", () => {});
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs + 500).unref());
  const attempt = (async () => {
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return Promise.race([attempt, timer]);
}

/** Fails fast with a clear message when TEST_DB=postgres but no server answers. */
export async function assertPostgresReachable(url = testDatabaseUrl()): Promise<void> {
  if (!(await postgresAvailable(url))) {
    throw new Error(
      `TEST_DB=postgres but no PostgreSQL server answers at ${redactUrl(url)} (TEST_DATABASE_URL)`,
    );
  }
}
