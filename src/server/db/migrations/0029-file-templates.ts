import { type Kysely, sql } from "kysely";

/**
 * The files people upload, kept as the templates of their exports (issue 33): an export or pull in
 * the same format renders the language's uploaded file with only the changed entries patched, so a
 * team that keeps its files in git gets the bytes it committed back. One template per project,
 * format and file language (`*` for a table of every language: CSV, XLSX), replaced by the next
 * upload of that language's file; the path is the file's name as uploaded, `parse_options` how it
 * was read (its language, nested keys), so a render reads it the same way, and `fingerprints` per
 * language what its content was, so an export of an unchanged project needs not read it again, and
 * `shape` the options its writing decides (nested, indentation), so an export is written so. In the database, so
 * every server renders the same bytes.
 */
const statements = [
  `create table file_templates (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    format text not null,
    language_code text not null,
    path text not null,
    bytes bytea not null,
    size integer not null,
    sha256 text not null,
    parse_options jsonb not null,
    fingerprints jsonb not null,
    shape jsonb not null,
    uploaded_by text references users(id) on delete set null,
    uploaded_at timestamptz not null default now(),
    unique (project_id, format, language_code)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
