import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { CommentsTable, DB } from "../db/schema.ts";
import { displayName, fullName } from "../db/sql.ts";

/** Reads and writes of comments: no rules here (the service checks access first), only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

export interface CommentRow {
  id: string;
  project_id: string;
  key_id: string;
  language_code: string;
  author_id: string | null;
  author_name: string | null;
  body: string;
  mentions: string[];
  resolved_at: Date | string | null;
  resolved_by_name: string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
}

/** Comments with their author's and resolver's names as teammates see them. */
function commentsWithNames(db: Db) {
  return db
    .selectFrom("comments as c")
    .leftJoin("users as au", "au.id", "c.author_id")
    .leftJoin("profiles as ap", "ap.user_id", "c.author_id")
    .leftJoin("users as ru", "ru.id", "c.resolved_by")
    .leftJoin("profiles as rp", "rp.user_id", "c.resolved_by")
    .select([
      "c.id",
      "c.project_id",
      "c.key_id",
      "c.language_code",
      "c.author_id",
      displayName("au", "ap").as("author_name"),
      "c.body",
      "c.mentions",
      "c.resolved_at",
      displayName("ru", "rp").as("resolved_by_name"),
      "c.created_at",
      "c.edited_at",
    ]);
}

/** A key and language's thread, oldest first. */
export function selectThread(db: Db, keyId: string, language: string): Promise<CommentRow[]> {
  return commentsWithNames(db)
    .where("c.key_id", "=", keyId)
    .where("c.language_code", "=", language)
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
}

export function selectComment(db: Db, commentId: string): Promise<CommentRow | undefined> {
  return commentsWithNames(db).where("c.id", "=", commentId).executeTakeFirst();
}

export async function insertComment(db: Db, values: Insertable<CommentsTable>): Promise<string> {
  const row = await db.insertInto("comments").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Saves an edit and answers the ids it mentions that the comment never mentioned before:
 * `mentioned_ever` keeps everyone it did (0028), so a mention taken out and put back is not new.
 * The row is locked first, so two edits at once cannot both find the same person new.
 */
export function updateCommentBody(
  db: Kysely<DB>,
  commentId: string,
  body: string,
  mentions: string[],
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("comments")
      .select("mentioned_ever")
      .where("id", "=", commentId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return [];
    const added = mentions.filter((id) => !row.mentioned_ever.includes(id));
    await trx
      .updateTable("comments")
      .set({ body, mentions, mentioned_ever: [...row.mentioned_ever, ...added], edited_at: new Date() })
      .where("id", "=", commentId)
      .execute();
    return added;
  });
}

export async function deleteComment(db: Db, commentId: string): Promise<void> {
  await db.deleteFrom("comments").where("id", "=", commentId).execute();
}

/** Resolves every open comment of the thread with one stamp, so reopening finds exactly them. */
export async function resolveThread(db: Db, keyId: string, language: string, userId: string) {
  await db
    .updateTable("comments")
    .set({ resolved_at: new Date(), resolved_by: userId })
    .where("key_id", "=", keyId)
    .where("language_code", "=", language)
    .where("resolved_at", "is", null)
    .execute();
}

/** Reopens the comments the thread's last resolve closed; older discussions stay resolved. */
export async function reopenThread(db: Db, keyId: string, language: string) {
  await sql`
    update comments set resolved_at = null, resolved_by = null
    where key_id = ${keyId} and language_code = ${language}
      and resolved_at = (
        select max(resolved_at) from comments where key_id = ${keyId} and language_code = ${language}
      )
  `.execute(db);
}

export async function selectOpenCount(db: Db, keyId: string, language: string): Promise<number> {
  const row = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("key_id", "=", keyId)
    .where("language_code", "=", language)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Open comments per key of one language of a project (keys without any are left out). */
export async function selectOpenCounts(db: Db, projectId: string, language: string) {
  const rows = await db
    .selectFrom("comments")
    .select(["key_id", (eb) => eb.fn.countAll<string>().as("n")])
    .where("project_id", "=", projectId)
    .where("language_code", "=", language)
    .where("resolved_at", "is", null)
    .groupBy("key_id")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key_id, Number(row.n)]));
}

/** The members of a team, as a comment mentions them. */
export function selectTeamPeople(db: Db, teamId: string) {
  return db
    .selectFrom("members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.id", fullName("p").as("name"), "u.email"])
    .where("m.team_id", "=", teamId)
    .orderBy(fullName("p"))
    .orderBy("u.email")
    .execute();
}

/** The open comments on a review's keys in the given languages, oldest first, with the key's name. */
export function selectReviewComments(db: Db, reviewId: string, languages: readonly string[]) {
  if (languages.length === 0) return Promise.resolve([]);
  return commentsWithNames(db)
    .innerJoin("review_keys as rk", (join) =>
      join.onRef("rk.key_id", "=", "c.key_id").on("rk.review_id", "=", reviewId),
    )
    .innerJoin("translation_keys as k", "k.id", "c.key_id")
    .select("k.key")
    .where("c.resolved_at", "is", null)
    .where("c.language_code", "in", languages)
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
}

export async function selectReviewProjectId(db: Db, reviewId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("reviews")
    .select("project_id")
    .where("id", "=", reviewId)
    .executeTakeFirst();
  return row?.project_id;
}
