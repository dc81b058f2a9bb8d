import { type Kysely, sql } from "kysely";

/**
 * The search texts' refresh (0027) planned for the keys of each call.
 *
 * PostgreSQL 18 keeps a SQL function's plans for the connection, as PL/pgSQL does, and after five
 * calls it may keep one generic plan, costed for a few keys. On a connection that had served cell
 * saves, that plan then served a statement of 20,000 keys: it read every search text through the
 * key index a second time and compared each one's place with the 20,000 places locked (a filter,
 * not a TID scan). The refresh took 3.3–4.0 s of an update of 40,000 strings that took 7.6–8.0 s;
 * with the connection's plans discarded first, the same update took 4.4 s. Planned at each call,
 * the refresh of one key costs a plan of a fraction of a millisecond more; PostgreSQL 15, which
 * plans a SQL function's statements at each call, is unchanged.
 */
const statements = [
  "alter function key_search_texts_refresh(uuid[]) set plan_cache_mode = force_custom_plan",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
