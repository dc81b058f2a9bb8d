import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { hasUnnamedKey, selectNamedNamespaces } from "./queries.ts";

/**
 * The namespaces the project's keys are in (issue 33), the default ("") first when it has keys;
 * empty where every key is in the language's one file, as in every project before namespaces.
 * The named ones come through the partial index of migration 0030, which most projects leave empty.
 */
export async function namespacesOf(db: Kysely<DB>, projectId: string): Promise<string[]> {
  const named = await selectNamedNamespaces(db, projectId);
  if (named.length === 0) return [];
  return [...((await hasUnnamedKey(db, projectId)) ? [""] : []), ...named];
}
