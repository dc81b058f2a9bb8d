import { z } from "zod";
import { checkIdSchema } from "../quality/definitions.ts";
import { MACHINE_KINDS } from "./keys.ts";
import { COMMENT_MAX, reviewStatusSchema } from "./reviews.ts";

/**
 * The reviewer's procedures of the public API (issue 36), key scope `review`: what a coding agent
 * reads of a project's reviews and the verdicts it gives. Every field carries a description: it
 * becomes the MCP tool's JSON Schema, which is all an agent reads of it.
 */

/** Keys per page of `list_review_keys` at most, and when the agent names no limit. */
export const REVIEW_KEYS_PAGE_MAX = 200;
export const REVIEW_KEYS_PAGE_DEFAULT = 50;

/** What an agent is told when it tries to approve machine output (the refusal's message). */
export const MACHINE_APPROVAL_REFUSED = "This text was written by AI or an agent: a person must approve it";

const languageCode = z.string().trim().min(1).max(35);

export const listReviewsQuerySchema = z.object({
  status: z
    .enum([...reviewStatusSchema.options, "all"])
    .default("pending")
    .describe(
      "Which reviews: `pending` (open, the default: the ones to work on), `completed`, or `all` (open ones first).",
    ),
});

const languageProgressSchema = z.object({
  language: z.string().describe("A language code of the project, e.g. `de`."),
  pending: z
    .number()
    .int()
    .describe("Keys of the review with no verdict yet in this language: what is left to review."),
  approved: z.number().int().describe("Keys approved in this language."),
  needsChanges: z.number().int().describe("Keys marked 'needs changes' in this language."),
});

export const v1ReviewSummarySchema = z.object({
  id: z
    .string()
    .describe("The review's id: pass it as `reviewId` to list_review_keys and set_review_verdict."),
  title: z.string().describe("The review's title."),
  description: z.string().describe("What the review is for, as its owner wrote it (may be empty)."),
  status: reviewStatusSchema.describe("`pending`: open; `completed`: done."),
  branch: z
    .string()
    .nullable()
    .describe(
      "The project's branch the review was made on (its texts are that branch's), or null for main's.",
    ),
  keyCount: z.number().int().describe("How many keys the review holds."),
  languagesDone: z.array(z.string()).describe("Languages a person has marked done in this review."),
  lastUpdatedAt: z.string().describe("When the review last changed (ISO 8601)."),
  languages: z
    .array(languageProgressSchema)
    .describe("Per language of the project, in its order: verdicts given and cells still pending."),
});
export type V1ReviewSummary = z.infer<typeof v1ReviewSummarySchema>;

export const v1ReviewListSchema = z.object({
  reviews: z
    .array(v1ReviewSummarySchema)
    .describe("The project's reviews, open ones first, then the most recently changed first."),
});
export type V1ReviewList = z.infer<typeof v1ReviewListSchema>;

export const reviewKeysQuerySchema = z.object({
  language: languageCode
    .optional()
    .describe(
      "Only this language (a code of the project, e.g. `de`). Default: every language of the project.",
    ),
  cursor: z
    .string()
    .max(2000)
    .optional()
    .describe("The `nextCursor` of the previous page, to read on. Leave it out for the first page."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(REVIEW_KEYS_PAGE_MAX, `At most ${REVIEW_KEYS_PAGE_MAX} keys per page`)
    .default(REVIEW_KEYS_PAGE_DEFAULT)
    .describe(`Keys per page, 1–${REVIEW_KEYS_PAGE_MAX} (default ${REVIEW_KEYS_PAGE_DEFAULT}).`),
});

export const pendingCellSchema = z.object({
  language: z.string().describe("The language code of this text."),
  text: z
    .string()
    .nullable()
    .describe("The text to review; null when the key has no text in this language yet (nothing to approve)."),
  version: z
    .number()
    .int()
    .describe(
      "The text's version (0: no text). A verdict judges this version; a later edit makes it pending again.",
    ),
  machine: z
    .boolean()
    .describe(
      "true: written by AI or an agent and not yet checked by a person. You cannot approve it (a person must); you may mark it needs_changes.",
    ),
  machineKind: z
    .enum(MACHINE_KINDS)
    .optional()
    .describe(
      "Present on machine output: `ai` (an AI or an agent wrote it) or `pseudo` (pseudo-localization, never a translation).",
    ),
  failedChecks: z
    .array(checkIdSchema)
    .describe(
      "The quality checks this text fails (those the project has on), e.g. `placeholders`, `glossary_missing`. Empty: none.",
    ),
});
export type PendingCell = z.infer<typeof pendingCellSchema>;

export const pendingReviewKeySchema = z.object({
  key: z.string().describe("The key's name: pass it as `key` to set_review_verdict."),
  description: z.string().nullable().describe("What the text is and where it shows, if someone wrote it."),
  maxLength: z.number().int().nullable().describe("The most characters a text of this key may have, if set."),
  source: z.string().nullable().describe("The key's text in the project's source language (null: none yet)."),
  pending: z.array(pendingCellSchema).describe("The key's texts with no verdict yet, one per language."),
});
export type PendingReviewKey = z.infer<typeof pendingReviewKeySchema>;

export const reviewKeysPageSchema = z.object({
  reviewId: z.string().describe("The review these keys are in."),
  sourceLanguage: z.string().describe("The project's source language code: what `source` is written in."),
  keys: z
    .array(pendingReviewKeySchema)
    .describe("The review's keys that still have a text without a verdict, in key name order."),
  nextCursor: z
    .string()
    .nullable()
    .describe("Pass it as `cursor` for the next page; null when this was the last page."),
});
export type ReviewKeysPage = z.infer<typeof reviewKeysPageSchema>;

export const setReviewVerdictBodySchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, "key is required")
    .max(1000)
    .describe("The key's name, as list_review_keys gives it."),
  language: languageCode.describe("The language code of the text you judge, e.g. `de`."),
  verdict: z
    .enum(["approved", "needs_changes"])
    .describe(
      "`approved`: the text is right. `needs_changes`: it is not; say why in `comment`. Machine output (AI or an agent wrote it) cannot be approved by an agent.",
    ),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters`)
    .optional()
    .describe("With needs_changes: what is wrong and what the text should say. Ignored with approved."),
  dryRun: z
    .boolean()
    .optional()
    .describe("true: check the verdict and answer what it would be, change nothing."),
});
export type SetReviewVerdictBody = z.input<typeof setReviewVerdictBodySchema>;

export const reviewVerdictSchema = z.object({
  reviewId: z.string().describe("The review the verdict is in."),
  key: z.string().describe("The key judged."),
  language: z.string().describe("The language judged."),
  verdict: z
    .enum(["approved", "needs_changes"])
    .describe("The verdict now stored (or, with dryRun, that would be)."),
  comment: z.string().nullable().describe("The comment kept with needs_changes; null with approved."),
  version: z.number().int().describe("The text version the verdict judges (0: no text)."),
  agent: z.string().describe("Who gave the verdict, as the review shows it: your client's name."),
  dryRun: z.boolean().describe("true: nothing was changed."),
});
export type ReviewVerdict = z.infer<typeof reviewVerdictSchema>;
