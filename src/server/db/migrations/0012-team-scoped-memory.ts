import { type Kysely, sql } from "kysely";

/**
 * Translation memory looks up a team's strings through indexes that start at the string's project
 * (issue 16). The indexes of 0005 held every team's strings in one set, so a lookup read every
 * similar or identical string in the database and dropped the other teams' afterwards: with 80,000
 * similar strings elsewhere, one lookup took 52 s on PostgreSQL and held PGlite (and with it the
 * whole server) for minutes. Anyone can sign up and fill a team, so the cost of a lookup must depend
 * only on the asking team's own strings.
 * - Similar texts: one GIN index over the string's scope (`project_id:language_code`, as a
 *   one-element array) and its trigrams. A lookup asks for `scope && <the team's projects in the
 *   source language>` and `value % $text` together, and GIN intersects the two inside the index,
 *   skipping through the trigram lists to the scope's entries. The scope is an array (`&&`) rather
 *   than a plain column (btree_gin): no index other than this one can serve `&&` on that
 *   expression, so the planner cannot trade it for the (project_id, language_code) b-tree, which
 *   computes the similarity of every string of the team (seconds for a large team).
 *   GIN adds new rows to a pending list that every scan reads whole, whoever wrote them; it is
 *   merged into the index when it outgrows gin_pending_list_limit (or by VACUUM, which PGlite never
 *   runs). At the default 4 MB, reading it cost a lookup 60 ms on PGlite and 15 ms on PostgreSQL
 *   after other teams' writes; at 256 kB it is a few ms, and bulk inserts stay about as fast.
 * - Identical texts: a b-tree on (project_id, language_code, md5 of the value as a uuid, 16 bytes),
 *   the team-scoped successor of the hash index (values of up to 10,000 characters do not fit a
 *   b-tree; their digest does). It also finds texts without trigrams, for which the trigram index
 *   would have to read all of itself. Unlike the GIN index it keeps empty values (deduplicated, a
 *   few bytes each): a partial b-tree `where value <> ''` can be read whole instead of a sequential
 *   scan, and with sequential scans off (see withTrigrams in src/server/memory) the planner took
 *   that for the similar texts, visiting every string of every team.
 * The global indexes of 0005 served only these lookups.
 */
const statements = [
  `create index translation_strings_memory_trgm_idx on translation_strings
    using gin ((array[project_id::text || ':' || language_code]), value gin_trgm_ops)
    with (gin_pending_list_limit = 256) where value <> ''`,
  `create index translation_strings_memory_same_idx on translation_strings
    (project_id, language_code, (md5(value)::uuid))`,
  `drop index translation_strings_value_trgm_idx`,
  `drop index translation_strings_value_hash_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
