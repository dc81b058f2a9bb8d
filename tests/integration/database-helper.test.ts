import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  setupTestDatabase,
  type TestDatabase,
  testDatabaseKind,
  truncateAll,
} from "../helpers/database.ts";

const kind = testDatabaseKind();

describe(`test databases on ${kind} (tests/helpers/database.ts)`, () => {
  const testDb = setupTestDatabase();
  const extra: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of extra) await database.drop();
  });

  const addUser = (database: TestDatabase, email: string) =>
    database.db.insertInto("users").values({ id: email, email }).execute();
  const countUsers = async (database: TestDatabase) =>
    (
      await database.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("is migrated and of the requested kind", async () => {
    const database = testDb();
    expect(database.kind).toBe(kind);
    expect(database.database.url).toBe(database.url);
    expect(database.url).toMatch(/\/sprog_test_[a-z0-9_]+$/);
    const { rows } = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
      database.db,
    );
    expect(rows.map((row) => row.name)).toContain("0001-identity-and-teams");
  });

  it("counts come back as numbers on both drivers", async () => {
    const database = testDb();
    await addUser(database, "count@example.test");
    expect(await countUsers(database)).toBe(1);
  });

  it("keeps databases apart, and truncateAll empties one", async () => {
    const other = await createTestDatabase(kind);
    extra.push(other);
    expect(await countUsers(other)).toBe(0);
    await addUser(other, "other@example.test");
    await addUser(other, "other2@example.test");
    expect(await countUsers(other)).toBe(2);
    expect(await countUsers(testDb())).toBe(1);
    await truncateAll(other.db);
    expect(await countUsers(other)).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(
      other.db,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it("can skip the migrations", async () => {
    const bare = await createTestDatabase(kind, { migrate: false });
    extra.push(bare);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_tables where schemaname = current_schema()
    `.execute(bare.db);
    expect(rows[0]?.n).toBe(0);
  });

  it("drop() removes the database", async () => {
    const temporary = await createTestDatabase(kind);
    await temporary.drop();
    await temporary.drop(); // twice is fine
    const name = new URL(temporary.url).pathname.slice(1);
    const adminUrl = new URL(temporary.url);
    adminUrl.pathname = "/postgres";
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
      expect(rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
