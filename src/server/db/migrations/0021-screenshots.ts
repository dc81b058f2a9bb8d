import { type Kysely, sql } from "kysely";

/**
 * Screenshots of a project's keys (issue 21). The bytes live in the database (`data`), so every app
 * server process sees the same images without a shared disk; `data` is null only for a row whose
 * bytes another store keeps (src/server/screenshots/store.ts). `mime`, `width` and `height` are what
 * the bytes proved (src/server/screenshots/image-check.ts), never what the client said.
 * `screenshot_keys` links one screenshot to several keys of its project, each with the rectangle
 * (image pixels) where the key's text appears; a null rectangle means the whole image.
 */
const statements = [
  `create table screenshots (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    name text not null,
    mime text not null check (mime in ('image/png', 'image/jpeg', 'image/webp')),
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    byte_size integer not null check (byte_size > 0),
    sha256 text not null,
    data bytea,
    created_by text references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index screenshots_project_idx on screenshots(project_id, created_at desc)`,
  `create table screenshot_keys (
    screenshot_id uuid not null references screenshots(id) on delete cascade,
    key_id uuid not null references translation_keys(id) on delete cascade,
    rect_x integer check (rect_x >= 0),
    rect_y integer check (rect_y >= 0),
    rect_width integer check (rect_width > 0),
    rect_height integer check (rect_height > 0),
    created_at timestamptz not null default now(),
    primary key (screenshot_id, key_id),
    check (
      (rect_x is null and rect_y is null and rect_width is null and rect_height is null) or
      (rect_x is not null and rect_y is not null and rect_width is not null and rect_height is not null)
    )
  )`,
  // A key's screenshots (the editor, the AI calls) and deleting a key find its links through this.
  `create index screenshot_keys_key_idx on screenshot_keys(key_id, created_at desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
