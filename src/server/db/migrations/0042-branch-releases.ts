import { type Kysely, sql } from "kysely";

/**
 * Releases from a branch (issues 37 and 39): a release made on a branch, for a staging environment,
 * records the branch. `branch_name` is kept beside the id because a release is a record of what
 * shipped: it names its branch after the branch is deleted (archived, its name free for another) or
 * gone with a cascade (`branch_id` then null). A null `branch_name` is a release of main's strings.
 */
const statements = [
  `alter table releases
    add column branch_id uuid references branches(id) on delete set null,
    add column branch_name text,
    add constraint releases_branch_named check (branch_id is null or branch_name is not null)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
