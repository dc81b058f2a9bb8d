import { type Kysely, sql } from "kysely";

/**
 * What files carry next to their strings (issue 15), so an import exported again comes back whole:
 * - keys: `description` (the translator comment), `context` (msgctxt, XLIFF meaning), `position`
 *   (the key's place in the file it came from; export follows it), `translatable`, `max_length`
 *   (characters), `tags`, `value_type` (`json`: a list, number or boolean kept as JSON text) and
 *   `format_meta` (per format id, what only that format has: PO references, ARB placeholder
 *   blocks, XLIFF ids);
 * - strings: `state` in the format's own words (PO `fuzzy`, XLIFF `needs-review-translation`);
 * - `project_file_meta`: per project, format and language, what the file as a whole carried (PO
 *   header, XLIFF `<file>` attributes, Android root attributes).
 * Existing keys get positions in today's export order (byte order of names), so their files come
 * out as before and keys imported later go after them.
 */
const statements = [
  `alter table translation_keys
    add column description text,
    add column context text,
    add column position integer,
    add column translatable boolean not null default true,
    add column max_length integer,
    add column tags text[] not null default '{}',
    add column value_type text,
    add column format_meta jsonb not null default '{}'::jsonb`,
  `update translation_keys k set position = o.n
    from (
      select id, row_number() over (partition by project_id order by key collate "C") as n
      from translation_keys
    ) o
    where o.id = k.id`,
  `create index translation_keys_project_position_idx on translation_keys(project_id, position)`,
  `alter table translation_strings add column state text`,
  `create table project_file_meta (
    project_id uuid not null references projects(id) on delete cascade,
    format text not null,
    language_code text not null,
    meta jsonb not null,
    updated_at timestamptz not null default now(),
    primary key (project_id, format, language_code)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
