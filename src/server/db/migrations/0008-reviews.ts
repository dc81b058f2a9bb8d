import { type Kysely, sql } from "kysely";

/**
 * Reviews (spec point 3 Reviews, issue 6): a titled list of a project's keys worked through
 * language by language, and a verdict per key and language.
 * - `review_approvals.string_version` is the `translation_strings.version` judged (0: there was no
 *   string). A verdict counts only while the string still has that version and was not written
 *   after the verdict (`updated_at`), so editing a string puts it back to pending without the
 *   string writer knowing about reviews. Setting a verdict back to pending deletes its row.
 * - Deleting a key removes it from every review (and its verdicts) through the cascades.
 */
const statements = [
  `create table reviews (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    title text not null,
    description text not null default '',
    status text not null default 'pending' check (status in ('pending', 'completed')),
    owner_user_id text references users(id) on delete set null,
    languages_done text[] not null default '{}',
    created_at timestamptz not null default now(),
    last_updated_at timestamptz not null default now()
  )`,
  // The Reviews list: a project's reviews, newest change first.
  `create index reviews_project_updated_idx on reviews(project_id, last_updated_at desc)`,
  `create table review_keys (
    review_id uuid not null references reviews(id) on delete cascade,
    key_id uuid not null references translation_keys(id) on delete cascade,
    added_at timestamptz not null default now(),
    primary key (review_id, key_id)
  )`,
  // Deleting a key finds its review rows through this index.
  `create index review_keys_key_idx on review_keys(key_id)`,
  `create table review_approvals (
    review_id uuid not null,
    key_id uuid not null,
    language_code text not null,
    state text not null check (state in ('approved', 'needs_changes')),
    comment text,
    string_version integer not null,
    user_id text references users(id) on delete set null,
    updated_at timestamptz not null default now(),
    primary key (review_id, key_id, language_code),
    foreign key (review_id, key_id) references review_keys(review_id, key_id) on delete cascade
  )`,
  // A project's verdicts (the Overview's cells) join reviews_project_updated_idx to this table's
  // primary key (review_id first); cascades from review_keys use the same prefix.
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
