import { type Kysely, sql } from "kysely";

/**
 * The keys list's search (issue 18, src/server/keys/search.ts): `key ilike '%text%'` through a
 * trigram index that starts at the key's project, like the strings' index of 0012: a search in one
 * project reads that project's matching names, never every team's. The project is a one-element
 * array (`&&`), as in 0012, because PGlite has no btree_gin.
 * The strings' side needs no index of its own: 0012's `translation_strings_memory_trgm_idx` is a
 * GIN index over (`project:language`, trigrams of the non-empty values), and a search asks for the
 * project's languages and `value ilike` together, which it serves. A second trigram index over
 * every value would double the cost of writing strings (imports of 250,000 keys) for nothing.
 * The pending list is capped as in 0012: every scan reads it whole.
 */
const statements = [
  `create extension if not exists pg_trgm`,
  `create index translation_keys_search_trgm_idx on translation_keys
    using gin ((array[project_id::text]), key gin_trgm_ops) with (gin_pending_list_limit = 256)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
