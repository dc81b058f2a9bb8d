import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "./schema.ts";

/**
 * What several features' queries and answers share, written once so that people and times read the
 * same in every answer.
 */

/**
 * A person's full name from their profile: first and last name, or '' without a profile (the query
 * left-joins it). `profiles` is the alias the query gives the table.
 */
export function fullName(profiles: string): RawBuilder<string> {
  return sql<string>`trim(concat(${sql.ref(`${profiles}.first_name`)}, ' ', ${sql.ref(`${profiles}.last_name`)}))`;
}

/**
 * How a person is named to others: the full name, else the account's e-mail; null when the account is
 * gone (the query left-joins it). Answers (string history, conflicts, API keys, reviews) and the invite
 * e-mail use it.
 */
export function displayName(users: string, profiles: string): RawBuilder<string | null> {
  return sql<string | null>`coalesce(nullif(${fullName(profiles)}, ''), ${sql.ref(`${users}.email`)})`;
}

/**
 * A timestamp as answers carry it: ISO 8601 in UTC with milliseconds. `pg` gives a Date for a
 * column, JSON aggregates give text, so both are accepted.
 */
export function isoDate(value: Date | string): string {
  if (typeof value === "string" && ISO_UTC.test(value)) return value;
  return new Date(value).toISOString();
}

/** What `Date.prototype.toISOString` writes (years 0–9999), as `isoText` writes it. */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A timestamp column as the text `isoDate` gives (milliseconds truncated, as `pg`'s Date has them),
 * written by PostgreSQL: for long lists, where parsing each value into a Date and writing it out
 * again cost the server's thread 4 µs a value (a 50,000-key list of two languages: 0.4 s).
 */
export function isoText(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `isoDate` for a nullable column: null stays null. */
export function isoDateOrNull(value: Date | string | null): string | null {
  return value === null ? null : isoDate(value);
}

/** How one user is named to others (see `displayName`); null when the account is gone. */
export async function selectDisplayName(
  db: Kysely<DB> | Transaction<DB>,
  userId: string,
): Promise<string | null> {
  const user = await db
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .select(displayName("u", "p").as("name"))
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return user?.name ?? null;
}

/** A `like` pattern for "contains `text`": `\`, `%` and `_` are meant literally (`\` escapes). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
