import { type Kysely, sql } from "kysely";

/**
 * Who a comment ever mentioned (issue 32): an edit e-mails only people the comment never mentioned
 * before, so taking a mention out and putting it back mails nobody again, whether or not the first
 * e-mail was held back by the mention limits. Existing comments start with their current mentions,
 * who were mailed when they were added.
 */
const statements = [
  `alter table comments add column mentioned_ever text[] not null default '{}'`,
  `update comments set mentioned_ever = mentions where cardinality(mentions) > 0`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
