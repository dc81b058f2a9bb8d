import { z } from "zod";

/** Comments (issue 21): a thread per key and language; resolving applies to the whole thread. */

export const COMMENT_BODY_MAX = 4_000;
/** More mentions than this in one comment is not a conversation. */
export const MENTIONS_MAX = 50;

/** One comment as its thread shows it. */
export const commentSchema = z.object({
  id: z.string(),
  keyId: z.string(),
  language: z.string(),
  /** The author's user id (the web compares it with the signed-in user's); null once deleted. */
  authorId: z.string().nullable(),
  /** How the author is named to teammates (full name, else e-mail); null once the account is gone. */
  author: z.string().nullable(),
  body: z.string(),
  /** The user ids mentioned (members of the team whose name or e-mail follows an @ in the body). */
  mentions: z.array(z.string()),
  resolvedAt: z.string().nullable(),
  /** Who resolved the thread this comment was in, named as `author` is. */
  resolvedBy: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A key and language's thread, oldest first, with how many of its comments are open. */
export const commentThreadSchema = z.object({
  comments: z.array(commentSchema),
  openCount: z.number().int(),
  /** Whether the caller may delete others' comments (owners and admins); their own they always may. */
  canModerate: z.boolean(),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

const body = z
  .string({ error: "Comment is required" })
  .trim()
  .min(1, "Comment is required")
  .max(COMMENT_BODY_MAX, `A comment must be at most ${COMMENT_BODY_MAX.toLocaleString("en")} characters`);

/**
 * A new comment or an edit. `mentions` are the member ids the author picked from the autocomplete;
 * the server keeps those of the team whose `@name` or `@e-mail` is still in the body.
 */
export const commentBodySchema = z.object({
  body,
  mentions: z.array(z.string().max(100)).max(MENTIONS_MAX).default([]),
});
export type CommentBody = z.input<typeof commentBodySchema>;

/** Open comments per key of one language. */
export const commentCountsQuerySchema = z.object({
  language: z.string().regex(/^[A-Za-z0-9-]{1,35}$/, "Not a valid language code"),
});
export const commentCountsSchema = z.object({ counts: z.record(z.string(), z.number().int()) });
export type CommentCounts = z.infer<typeof commentCountsSchema>;

/** Someone who can be mentioned: a member of the project's team. */
export const mentionableSchema = z.object({
  id: z.string(),
  /** Full name from the profile; empty when none is saved (the e-mail is mentioned then). */
  name: z.string(),
  email: z.string(),
});
export type Mentionable = z.infer<typeof mentionableSchema>;
export const mentionableListSchema = z.object({ people: z.array(mentionableSchema) });

/** An open comment of a review's key, for the review page's Comments section. */
export const reviewCommentSchema = commentSchema.extend({ key: z.string() });
export type ReviewComment = z.infer<typeof reviewCommentSchema>;
export const reviewCommentListSchema = z.object({ comments: z.array(reviewCommentSchema) });

/** What the autocomplete writes after the @: the full name, else the e-mail. */
export function mentionText(person: Pick<Mentionable, "name" | "email">): string {
  return person.name.trim() !== "" ? person.name.trim() : person.email;
}

/** Whether the body mentions the person: `@Full Name` or `@email`, in any letter case. */
export function mentions(text: string, person: Pick<Mentionable, "name" | "email">): boolean {
  const lower = text.toLowerCase();
  const name = person.name.trim().toLowerCase();
  return (name !== "" && lower.includes(`@${name}`)) || lower.includes(`@${person.email.toLowerCase()}`);
}
