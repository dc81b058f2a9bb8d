import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The namespaces the project's keys are in (issue 33), the default ("") first when it has keys;
 * empty where every key is in the language's one file, as in every project before namespaces.
 * The named ones come through the partial index of migration 0030, which most projects leave empty.
 */
export async function namespacesOf(db: Kysely<DB>, projectId: string): Promise<string[]> {
  const named = await db
    .selectFrom("translation_keys")
    .select("namespace")
    .distinct()
    .where("project_id", "=", projectId)
    .where("namespace", "<>", "")
    .orderBy("namespace")
    .execute();
  if (named.length === 0) return [];
  const unnamed = await db
    .selectFrom("translation_keys")
    .select("id")
    .where("project_id", "=", projectId)
    .where("namespace", "=", "")
    .limit(1)
    .executeTakeFirst();
  return [...(unnamed ? [""] : []), ...named.map((row) => row.namespace)];
}
