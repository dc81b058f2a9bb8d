import { z } from "zod";
import { cellSchema } from "./keys.ts";

/**
 * Reviews (spec points 2, 3, 4, 5, 8; issue 6): a titled list of a project's keys that people work
 * through language by language, with an approval per key and language.
 */

export const REVIEW_STATUSES = ["pending", "completed"] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/**
 * What a reviewer says about one key's translation in one language. `pending` is the absence of a
 * verdict: it is what every translation starts as, and what an approval falls back to when the
 * string changes after it was given (the verdict names the string version it judged).
 */
export const APPROVAL_STATES = ["pending", "approved", "needs_changes"] as const;
export const approvalStateSchema = z.enum(APPROVAL_STATES);
export type ApprovalState = z.infer<typeof approvalStateSchema>;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const COMMENT_MAX = 1000;
/** Keys one request may add to a review (a selection of the Overview). */
export const ADD_KEYS_MAX = 5000;

const title = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);
const description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`);
const keyIds = z
  .array(z.uuid("Unknown key"))
  .min(1, "Select at least one key")
  .max(ADD_KEYS_MAX, `At most ${ADD_KEYS_MAX} keys at a time`);

/** A review in the Reviews list (spec point 3: assignee is always 'Unassigned'). */
export const reviewSummarySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  description: z.string(),
  status: reviewStatusSchema,
  /** Derived from status, as the spec lists it. */
  completed: z.boolean(),
  ownerUserId: z.string().nullable(),
  /** Full name, else e-mail; null when the owner's account is gone. */
  ownerName: z.string().nullable(),
  assignee: z.literal("Unassigned"),
  keyCount: z.number().int(),
  /** Language codes marked done, in the project's language order. */
  languagesDone: z.array(z.string()),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  /**
   * The branch the review is of (issue 39), null: main. A branch's review reads and judges the
   * branch's texts; a project that asks for one merges the branch only after it is completed.
   */
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** Newest change first (spec: ordered by last_updated_at desc). */
export const reviewListSchema = z.object({ reviews: z.array(reviewSummarySchema) });

export const approvalSchema = z.object({
  state: approvalStateSchema,
  comment: z.string().nullable(),
  /** Who gave the verdict and when; null for pending. */
  byUserId: z.string().nullable(),
  byName: z.string().nullable(),
  /**
   * Present only on a coding agent's verdict (issue 36): its client's name, e.g. "claude-code".
   * An agent has no user, so byUserId and byName are null.
   */
  agent: z.string().optional(),
  at: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const reviewKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  /** Language code -> its string, for the project's languages; absent when there is none. */
  strings: z.record(z.string(), cellSchema),
  /** Language code -> the verdict on that string in this review; absent means pending. */
  approvals: z.record(z.string(), approvalSchema),
});
export type ReviewKey = z.infer<typeof reviewKeySchema>;

/** A review with its keys, strings and approvals; 404 'Review not found'. */
export const reviewDetailSchema = reviewSummarySchema.extend({
  /** The project's languages, in its order: the 'Mark as done' pills and the table's columns. */
  languages: z.array(z.string()),
  sourceLanguage: z.string(),
  /** In key order (byte order, like the Overview). */
  keys: z.array(reviewKeySchema),
  /** Language code -> approved keys and keys in the review (the header's "approved / total"). */
  approvalCounts: z.record(z.string(), z.object({ approved: z.number().int(), total: z.number().int() })),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

/**
 * Create Review (New review); keys optional (Add to Review → new). Answers the ReviewSummary, as do
 * changing a review and adding or removing its keys; deleting a review answers nothing.
 */
export const createReviewBodySchema = z.object({
  title,
  description: description.optional().default(""),
  keyIds: keyIds.optional(),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

/**
 * Setting every project language done completes the review; setting status pending empties
 * languagesDone (spec point 4).
 */
export const updateReviewBodySchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    status: reviewStatusSchema.optional(),
    languagesDone: z.array(z.string().min(1).max(35)).max(200).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to update");
export type UpdateReviewBody = z.input<typeof updateReviewBodySchema>;

/** Add to Review (existing) and Add key; keys already in it are kept once. */
export const addReviewKeysBodySchema = z.object({ keyIds });
export type AddReviewKeysBody = z.input<typeof addReviewKeysBodySchema>;

/**
 * One key's translation in one language. Answers the cell's Approval after the change (state pending
 * with nulls when cleared). A comment is kept only with needs_changes.
 */
export const setApprovalBodySchema = z.object({
  keyId: z.uuid("Unknown key"),
  language: z.string().min(1).max(35),
  state: approvalStateSchema,
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters`)
    .optional(),
});
export type SetApprovalBody = z.input<typeof setApprovalBodySchema>;

/**
 * The current verdict per key and language across the project's reviews (the newest one that still
 * matches the string), for the Overview's cells.
 */
export const projectApprovalsSchema = z.object({
  approvals: z.array(
    z.object({
      keyId: z.string(),
      language: z.string(),
      reviewId: z.string(),
      state: z.enum(["approved", "needs_changes"]),
      comment: z.string().nullable(),
    }),
  ),
});
export type ProjectApprovals = z.infer<typeof projectApprovalsSchema>;

/** Spec point 9: review views batch live updates for 300 ms. */
export const REVIEW_LIVE_BATCH_MS = 300;
/** Spec point 9: review navigation delay. */
export const REVIEW_NAVIGATION_DELAY_MS = 200;
