import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { displayName, fullName, isoDate, isoDateOrNull } from "../../src/server/db/sql.ts";
import { setupTestDatabase, testDatabaseKind } from "../helpers/database.ts";

/** The shared SQL helpers (src/server/db/sql.ts) give every feature the same names and times. */
const testDb = setupTestDatabase();

describe(`shared SQL helpers (${testDatabaseKind()})`, () => {
  it("names a person by full name, else by e-mail; a missing account has no name", async () => {
    const { db } = testDb();
    await db
      .insertInto("users")
      .values([
        { id: "u-full", email: "ada@example.test" },
        { id: "u-first", email: "grace@example.test" },
        { id: "u-none", email: "anon@example.test" },
      ])
      .execute();
    await db
      .insertInto("profiles")
      .values([
        { user_id: "u-full", email: "ada@example.test", first_name: "Ada", last_name: "Lovelace" },
        { user_id: "u-first", email: "grace@example.test", first_name: "Grace" },
      ])
      .execute();
    const { rows } = await sql<{ id: string; display: string | null; full_name: string }>`
      select ids.id, ${displayName("u", "p")} as display, ${fullName("p")} as full_name
      from (values ('u-first'), ('u-full'), ('u-gone'), ('u-none')) as ids(id)
      left join users u on u.id = ids.id
      left join profiles p on p.user_id = ids.id
      order by ids.id
    `.execute(db);
    expect(rows).toEqual([
      { id: "u-first", display: "Grace", full_name: "Grace" },
      { id: "u-full", display: "Ada Lovelace", full_name: "Ada Lovelace" },
      { id: "u-gone", display: null, full_name: "" },
      { id: "u-none", display: "anon@example.test", full_name: "" },
    ]);
  });

  it("writes times as ISO 8601 in UTC, from a Date or from text", () => {
    expect(isoDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe("2026-01-02T03:04:05.006Z");
    expect(isoDate("2026-01-02 04:04:05.006+01")).toBe("2026-01-02T03:04:05.006Z");
    expect(isoDateOrNull(null)).toBeNull();
  });
});
