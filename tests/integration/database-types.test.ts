import { readFile } from "node:fs/promises";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  GENERATED_SCHEMA_PATH,
  generateDatabaseTypes,
  REGENERATE_COMMAND,
} from "../../src/server/db/generate-types.ts";
import { setupTestDatabase, testDatabaseKind } from "../helpers/database.ts";

/**
 * The database types are generated from the migrations (issue 17): a migration committed without
 * regenerated types fails here, on both databases, rather than as a wrong type in a service.
 */
const testDb = setupTestDatabase();

describe(`database types (${testDatabaseKind()})`, () => {
  it("generated-schema.ts is what the migrations give", async () => {
    const generated = await generateDatabaseTypes(testDb().db);
    const committed = await readFile(GENERATED_SCHEMA_PATH, "utf8");
    expect(
      generated,
      `src/server/db/generated-schema.ts is out of date with the migrations: run \`${REGENERATE_COMMAND}\``,
    ).toBe(committed);
  });

  // Proves the comparison above can fail: a schema change must show in the generated text.
  it("a column a migration adds shows in the generated types", async () => {
    const { db } = testDb();
    await sql`alter table app_settings add column drift_probe integer`.execute(db);
    const generated = await generateDatabaseTypes(db);
    expect(generated).toMatch(/interface AppSettings \{[^}]*drift_probe: number \| null;/);
    expect(generated).not.toBe(await readFile(GENERATED_SCHEMA_PATH, "utf8"));
  });
});
