import type { Comment, ReviewComment } from "../../shared/schemas/comments.ts";
import { isoDate, isoDateOrNull } from "../db/sql.ts";
import type { CommentRow } from "./queries.ts";

/** Rows to the contract's answers (src/shared/schemas/comments.ts): no raw row leaves the server. */

export function presentComment(row: CommentRow): Comment {
  return {
    id: row.id,
    keyId: row.key_id,
    language: row.language_code,
    authorId: row.author_id,
    author: row.author_name,
    body: row.body,
    mentions: row.mentions,
    resolvedAt: isoDateOrNull(row.resolved_at),
    resolvedBy: row.resolved_at === null ? null : row.resolved_by_name,
    createdAt: isoDate(row.created_at),
    editedAt: isoDateOrNull(row.edited_at),
  };
}

export function presentReviewComment(row: CommentRow & { key: string }): ReviewComment {
  return { ...presentComment(row), key: row.key };
}
