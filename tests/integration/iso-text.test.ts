import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { isoDate, isoText } from "../../src/server/db/sql.ts";
import { setupTestDatabase, testDatabaseKind } from "../helpers/database.ts";

describe(`timestamps written by PostgreSQL (isoText) on ${testDatabaseKind()}`, () => {
  const testDb = setupTestDatabase();

  it("read as the same text isoDate gives for the Date pg parses: microseconds, midnight, leap day, far years, any session time zone", async () => {
    const values = [
      "2026-11-28 12:34:56.789999+00",
      "2026-11-28 23:59:59.999999-08",
      "2024-02-29 00:00:00+00",
      "2026-03-29 02:30:00.5+02",
      "1970-01-01 00:00:00.000001+00",
      "0999-12-31 23:59:59.123+00",
      "9999-12-31 23:59:59.999+00",
    ];
    const rows = await testDb()
      .db.transaction()
      .execute(async (trx) => {
        // The server's text output follows the session's zone; isoText must not.
        await sql`set local time zone 'Pacific/Auckland'`.execute(trx);
        return (
          await sql<{ t: Date; text: string }>`
          select t, ${isoText("t")} as text from unnest(${values}::timestamptz[]) as x(t)
        `.execute(trx)
        ).rows;
      });
    expect(rows).toHaveLength(values.length);
    for (const row of rows) {
      expect(row.text).toBe(isoDate(row.t));
      expect(isoDate(row.text)).toBe(row.text);
    }
  });
});
