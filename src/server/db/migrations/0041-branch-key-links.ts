import { type Kysely, sql } from "kysely";

/**
 * Reviews, comments, screenshots and AI batches on a branch (issue 39).
 *
 * A key added on a branch lives in `branch_keys` until the branch merges, when it moves to
 * `translation_keys` with the same id. A foreign key to `translation_keys` refused such a key in a
 * review, a comment thread, a screenshot or a batch. So the tables that name a key check it against
 * both tables instead (a trigger taking the same KEY SHARE lock a foreign key takes), and a row
 * whose key is gone from both is removed as the cascade removed it: after a statement deletes keys,
 * once per statement, not once per key. A merge moves a key before it forgets the branch's row, so
 * its thread, reviews and screenshots stay with it.
 *
 * Reviews belong to main or to one branch (`reviews.branch_id`), and read and write there; a
 * project can require a completed review of a branch's changes before it merges
 * (`projects.merge_requires_review`), judged by when the review was completed (`completed_at`).
 */
export const KEY_LINKS = [
  { table: "review_keys", constraint: "review_keys_key_id_fkey" },
  { table: "comments", constraint: "comments_key_id_fkey" },
  { table: "screenshot_keys", constraint: "screenshot_keys_key_id_fkey" },
  { table: "batch_translation_items", constraint: "batch_translation_items_key_id_fkey" },
] as const;

// Names are schema-qualified: on a branch's connection `translation_keys` is the branch's view.
const KEY_EXISTS = `create function public.sprog_key_exists() returns trigger language plpgsql as $$
begin
  perform 1 from public.translation_keys where id = new.key_id for key share;
  if found then
    return new;
  end if;
  perform 1 from public.branch_keys where id = new.key_id for key share;
  if found then
    return new;
  end if;
  raise foreign_key_violation
    using message = format('the key %s of this %s row does not exist', new.key_id, tg_table_name);
end $$`;

const GONE = `select g.id from gone g
    where not exists (select 1 from public.translation_keys k where k.id = g.id)
      and not exists (select 1 from public.branch_keys b where b.id = g.id)`;

const FORGET_KEY_ROWS = `create function public.sprog_forget_key_rows() returns trigger language plpgsql as $$
begin
  ${KEY_LINKS.map(({ table }) => `delete from public.${table} where key_id in (${GONE});`).join("\n  ")}
  return null;
end $$`;

const statements = [
  ...KEY_LINKS.map(({ table, constraint }) => `alter table ${table} drop constraint ${constraint}`),
  KEY_EXISTS,
  ...KEY_LINKS.map(
    ({ table }) => `create trigger ${table}_key_exists before insert or update of key_id on ${table}
      for each row execute function public.sprog_key_exists()`,
  ),
  FORGET_KEY_ROWS,
  `create trigger translation_keys_forget_links after delete on translation_keys
    referencing old table as gone for each statement execute function public.sprog_forget_key_rows()`,
  `create trigger branch_keys_forget_links after delete on branch_keys
    referencing old table as gone for each statement execute function public.sprog_forget_key_rows()`,
  // Deleting keys finds a batch's rows of them through this (the foreign key's cascade scanned).
  "create index batch_translation_items_key_idx on batch_translation_items (key_id)",
  "alter table reviews add column branch_id uuid references branches(id) on delete cascade",
  "alter table reviews add column completed_at timestamptz",
  "update reviews set completed_at = last_updated_at where status = 'completed'",
  "create index reviews_branch_idx on reviews (branch_id) where branch_id is not null",
  "alter table projects add column merge_requires_review boolean not null default false",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
