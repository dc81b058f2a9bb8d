import type { Kysely } from "kysely";
import type { z } from "zod";
import { isUuid } from "../../shared/ids.ts";
import { languageName } from "../../shared/languages.ts";
import { can, type Role } from "../../shared/permissions.ts";
import {
  type Comment,
  type CommentCounts,
  type CommentThread,
  type commentBodySchema,
  type Mentionable,
  mentions,
  type ReviewComment,
} from "../../shared/schemas/comments.ts";
import type { DB } from "../db/schema.ts";
import { selectDisplayName } from "../db/sql.ts";
import { AppError, notFoundAs } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mentionEmail } from "../mail/mention-email.ts";
import type { Access, KeyRow, ProjectRow } from "../teams/access.ts";
import { presentComment, presentReviewComment } from "./present.ts";
import {
  deleteComment,
  insertComment,
  reopenThread,
  resolveThread,
  selectComment,
  selectOpenCount,
  selectOpenCounts,
  selectReviewComments,
  selectReviewProjectId,
  selectTeamPeople,
  selectThread,
  updateCommentBody,
} from "./queries.ts";

/**
 * How many "mentioned you" e-mails go out (issue 32): a mention costs its author one request and
 * mails someone else, so without limits a loop of comments or edits is a mail bomb.
 */
export interface MentionLimits {
  /** E-mails to one person about one thread (a key and language) per 10 minutes. */
  perThreadRecipient: number;
  /** E-mails one author's comments send per hour, to anyone. */
  perHourPerAuthor: number;
}

/**
 * Comment threads per key and language (issue 21). Every method checks the caller's role first
 * (src/shared/permissions.ts through access.ts). Each change publishes `comment.updated` with the
 * thread's open count after it is written; mentions are e-mailed after that, and a mail failure is
 * logged, never the comment's failure. So is an e-mail the mention limits hold back: the comment is
 * saved and shows the mention, and nobody is mailed twice for the same comment.
 */
export function createCommentService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: EventBus;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  limiter: RateLimiter;
  limits: MentionLimits;
}) {
  const { db, access, events, mailer, logger, publicUrl, limiter, limits } = deps;

  async function cell(
    userId: string,
    keyId: string,
    language: string,
    permission: "comments.view" | "comments.write",
  ) {
    const found = await access.key(userId, keyId, permission);
    if (!found.project.languages.includes(language)) {
      throw new AppError("validation_failed", `${languageName(language)} is not a language of this project`);
    }
    return found;
  }

  async function commentFor(userId: string, commentId: string) {
    if (!isUuid(commentId)) throw new AppError("not_found", "Comment not found");
    const row = await selectComment(db, commentId);
    if (!row) throw new AppError("not_found", "Comment not found");
    const found = await access.key(userId, row.key_id, "comments.write").catch(notFoundAs("Comment"));
    return { row, ...found };
  }

  async function thread(keyId: string, language: string, role: Role): Promise<CommentThread> {
    const rows = await selectThread(db, keyId, language);
    return {
      comments: rows.map(presentComment),
      openCount: rows.filter((row) => row.resolved_at === null).length,
      canModerate: can(role, "comments.moderate"),
    };
  }

  async function changed(projectId: string, keyId: string, language: string, openCount?: number) {
    const count = openCount ?? (await selectOpenCount(db, keyId, language));
    await events.publish(projectId, [
      { type: "comment.updated", data: { keyId, language, openCount: count } },
    ]);
  }

  /** The picked ids of team members whose `@name` or `@e-mail` is in the body, in the team's order. */
  async function mentioned(teamId: string, body: string, picked: readonly string[]): Promise<Mentionable[]> {
    if (picked.length === 0) return [];
    const people = await selectTeamPeople(db, teamId);
    return people.filter((person) => picked.includes(person.id) && mentions(body, person));
  }

  /**
   * Counts an e-mail to `recipientId` against the mention limits; false: hold it back. The thread's
   * limit is counted first, so a mention it holds back costs the author nothing (an e-mail the
   * author's limit then holds back still uses the thread's one for those 10 minutes).
   */
  async function mayMail(authorId: string, recipientId: string, keyId: string, language: string) {
    const context = { authorId, recipientId, keyId, language };
    const perThread = await limiter.allows([
      {
        key: `mention:10min:thread:${keyId}:${language}:${recipientId}`,
        windowSeconds: 10 * 60,
        max: limits.perThreadRecipient,
      },
    ]);
    if (!perThread) {
      logger.info(context, "mention e-mail held back: the recipient was just mailed about this thread");
      return false;
    }
    const perAuthor = await limiter.allows([
      { key: `mention:hour:author:${authorId}`, windowSeconds: 60 * 60, max: limits.perHourPerAuthor },
    ]);
    if (!perAuthor) {
      logger.info(context, "mention e-mail held back: the author's hourly mention e-mails are used up");
      return false;
    }
    return true;
  }

  async function mailMentions(
    people: Mentionable[],
    context: { authorId: string; project: ProjectRow; key: KeyRow; language: string; body: string },
  ) {
    const recipients: Mentionable[] = [];
    for (const person of people) {
      if (person.id === context.authorId) continue;
      if (await mayMail(context.authorId, person.id, context.key.id, context.language)) {
        recipients.push(person);
      }
    }
    if (recipients.length === 0) return;
    const author = (await selectDisplayName(db, context.authorId)) ?? "Someone";
    const url = new URL("/app/overview", publicUrl);
    url.searchParams.set("team", context.project.team_id);
    url.searchParams.set("project", context.project.id);
    url.searchParams.set("lang", context.language);
    url.searchParams.set("q", context.key.key);
    for (const person of recipients) {
      await mailer
        .send(
          mentionEmail({
            to: person.email,
            author,
            projectName: context.project.name,
            key: context.key.key,
            languageName: languageName(context.language),
            body: context.body,
            url: url.toString(),
          }),
        )
        .catch((error: unknown) =>
          logger.error({ err: error, keyId: context.key.id }, "mention e-mail not sent"),
        );
    }
  }

  async function present(commentId: string): Promise<Comment> {
    const row = await selectComment(db, commentId);
    if (!row) throw new AppError("not_found", "Comment not found");
    return presentComment(row);
  }

  return {
    async thread(userId: string, keyId: string, language: string): Promise<CommentThread> {
      const { role } = await cell(userId, keyId, language, "comments.view");
      return thread(keyId, language, role);
    },

    async create(
      userId: string,
      keyId: string,
      language: string,
      body: z.output<typeof commentBodySchema>,
    ): Promise<Comment> {
      const { key, project } = await cell(userId, keyId, language, "comments.write");
      const people = await mentioned(project.team_id, body.body, body.mentions);
      const id = await insertComment(db, {
        project_id: project.id,
        key_id: keyId,
        language_code: language,
        author_id: userId,
        body: body.body,
        mentions: people.map((person) => person.id),
        mentioned_ever: people.map((person) => person.id),
      });
      await changed(project.id, keyId, language);
      await mailMentions(people, { authorId: userId, project, key, language, body: body.body });
      return present(id);
    },

    /**
     * Only the author edits; people this comment mentions for the first time get the e-mail, not
     * people it mentioned before (a mention taken out and put back is not new).
     */
    async update(
      userId: string,
      commentId: string,
      body: z.output<typeof commentBodySchema>,
    ): Promise<Comment> {
      const { row, key, project } = await commentFor(userId, commentId);
      if (row.author_id !== userId) throw new AppError("forbidden", "You can only edit your own comments");
      const people = await mentioned(project.team_id, body.body, body.mentions);
      const addedIds = await updateCommentBody(
        db,
        commentId,
        body.body,
        people.map((person) => person.id),
      );
      await changed(project.id, row.key_id, row.language_code);
      const added = people.filter((person) => addedIds.includes(person.id));
      await mailMentions(added, {
        authorId: userId,
        project,
        key,
        language: row.language_code,
        body: body.body,
      });
      return present(commentId);
    },

    /** The author deletes their own; owners and admins any. */
    async remove(userId: string, commentId: string): Promise<void> {
      const { row, role, project } = await commentFor(userId, commentId);
      if (row.author_id !== userId && !can(role, "comments.moderate")) {
        throw new AppError("forbidden", "You can only delete your own comments");
      }
      await deleteComment(db, commentId);
      await changed(project.id, row.key_id, row.language_code);
    },

    async resolve(userId: string, keyId: string, language: string): Promise<CommentThread> {
      const { project, role } = await cell(userId, keyId, language, "comments.write");
      await resolveThread(db, keyId, language, userId);
      const answer = await thread(keyId, language, role);
      await changed(project.id, keyId, language, answer.openCount);
      return answer;
    },

    async reopen(userId: string, keyId: string, language: string): Promise<CommentThread> {
      const { project, role } = await cell(userId, keyId, language, "comments.write");
      await reopenThread(db, keyId, language);
      const answer = await thread(keyId, language, role);
      await changed(project.id, keyId, language, answer.openCount);
      return answer;
    },

    async counts(userId: string, projectId: string, language: string): Promise<CommentCounts> {
      const { project } = await access.project(userId, projectId, "comments.view");
      if (!project.languages.includes(language)) {
        throw new AppError(
          "validation_failed",
          `${languageName(language)} is not a language of this project`,
        );
      }
      return { counts: await selectOpenCounts(db, projectId, language) };
    },

    async people(userId: string, projectId: string): Promise<Mentionable[]> {
      const { project } = await access.project(userId, projectId, "comments.view");
      return selectTeamPeople(db, project.team_id);
    },

    async review(userId: string, reviewId: string): Promise<ReviewComment[]> {
      const projectId = isUuid(reviewId) ? await selectReviewProjectId(db, reviewId) : undefined;
      if (!projectId) throw new AppError("not_found", "Review not found");
      const { project } = await access
        .project(userId, projectId, "comments.view")
        .catch(notFoundAs("Review"));
      const rows = await selectReviewComments(db, reviewId, project.languages);
      return rows.map(presentReviewComment);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
