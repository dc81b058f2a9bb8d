import { type Kysely, sql } from "kysely";

/**
 * Translation memory (issue 4, src/server/memory): suggestions come from the team's strings whose
 * source text is identical or similar (pg_trgm) to the one being translated.
 * - The trigram index serves `value % $text` (similarity above pg_trgm.similarity_threshold).
 * - The hash index serves `value = $text`: identical texts are always found, even when a project
 *   has so many similar strings that the similar ones are capped, and even for a text without
 *   trigrams (only punctuation). A b-tree cannot hold values of up to 10,000 characters; a hash
 *   index keeps 4 bytes per row.
 * Both leave out empty values (untranslated strings, often most of a language after an import):
 * they are never suggested, and thousands of equal '' entries would only bloat the hash buckets.
 * PGlite loads the extension's code itself (`extensions: { pg_trgm }`, src/server/db/database.ts).
 */
const statements = [
  `create extension if not exists pg_trgm`,
  `create index translation_strings_value_trgm_idx on translation_strings
    using gin (value gin_trgm_ops) where value <> ''`,
  `create index translation_strings_value_hash_idx on translation_strings
    using hash (value) where value <> ''`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
