import { z } from "zod";

/**
 * The activity feed (issue 22): every change that matters, recorded in the transaction of the
 * change. Kinds are stable ids (stored, filtered on, and named in the UI by ACTIVITY_KINDS).
 */
export const ACTIVITY_KINDS = {
  "strings.edited": { label: "Edited strings", stringWork: true },
  "strings.imported": { label: "Imported a file", stringWork: true },
  "strings.pushed": { label: "Pushed from CI", stringWork: true },
  "batch.started": { label: "Started a batch translation", stringWork: true },
  "batch.completed": { label: "Batch translation finished", stringWork: true },
  "key.created": { label: "Added a key", stringWork: true },
  "key.renamed": { label: "Renamed a key", stringWork: true },
  "key.deleted": { label: "Deleted a key", stringWork: true },
  "review.created": { label: "Created a review", stringWork: true },
  "review.completed": { label: "Completed a review", stringWork: true },
  "review.approved": { label: "Approved translations", stringWork: true },
  "branch.created": { label: "Started a branch", stringWork: true },
  "branch.merged": { label: "Merged a branch", stringWork: true },
  "branch.deleted": { label: "Deleted a branch", stringWork: true },
  "member.joined": { label: "Joined the team", stringWork: false },
  "member.left": { label: "Left the team", stringWork: false },
  "member.role_changed": { label: "Changed a role", stringWork: false },
  "api_key.created": { label: "Created an API key", stringWork: false },
  "api_key.revoked": { label: "Revoked an API key", stringWork: false },
  "tone.edited": { label: "Edited the tone of voice", stringWork: false },
  "glossary.edited": { label: "Edited the glossary", stringWork: false },
  "file.removed": { label: "Removed an uploaded file", stringWork: false },
  "sso.changed": { label: "Changed single sign-on", stringWork: false },
  "sso.domain_verified": { label: "Verified a domain", stringWork: false },
  "sso.signed_in": { label: "Signed in with single sign-on", stringWork: false },
  "sso.break_glass": { label: "Signed in with an e-mail code past single sign-on", stringWork: false },
} as const satisfies Record<string, { label: string; stringWork: boolean }>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_IDS = Object.keys(ACTIVITY_KINDS) as ActivityKind[];
export const activityKindSchema = z.enum(ACTIVITY_KIND_IDS as [ActivityKind, ...ActivityKind[]]);

/** Keys an entry names at most (for its link); `count` says how many there were in all. */
export const ACTIVITY_KEYS_KEPT = 50;
export const ACTIVITY_PAGE_SIZE = 50;

export const activityEntrySchema = z.object({
  id: z.string(),
  kind: activityKindSchema,
  createdAt: z.string(),
  /** Who did it, as teammates see people (full name, else e-mail); null: the system or a deleted user. */
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The project it happened in; null for team-wide entries (members, tone, glossary). */
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  /** How many strings (or keys, terms, approvals) it was about. */
  count: z.number().int(),
  /** Up to ACTIVITY_KEYS_KEPT keys it touched: id and name (as they were). */
  keys: z.array(z.object({ id: z.string(), key: z.string() })),
  languages: z.array(z.string()),
  /** What only this kind says: a file name, a review title, a role, an API key's name… */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** The cursor of the next (older) page, or null at the end. */
  next: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityQuerySchema = z.object({
  projectId: z.string().uuid().optional(),
  userId: z.string().min(1).max(200).optional(),
  kind: activityKindSchema.optional(),
  /** From this day (UTC, YYYY-MM-DD) … */
  since: z.iso.date("Since must be a date (YYYY-MM-DD)").optional(),
  /** … to this day, inclusive. */
  until: z.iso.date("Until must be a date (YYYY-MM-DD)").optional(),
  /** The `next` of the previous page. */
  before: z.string().max(100).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
