import { z } from "zod";

/**
 * Branches (issue 39): a project's strings change on a named branch, as its code does on a git
 * branch, and join main when the branch merges. `main` is the project itself.
 */

/** The project's own strings, which every branch starts from and merges into. */
export const MAIN_BRANCH = "main";

/** The header the web app names the branch it is on with (a branch's id). */
export const BRANCH_HEADER = "x-sprog-branch";

export const BRANCH_NAME_MAX = 100;

/** What git allows in a branch name that a URL and a shell take without quoting. */
const BRANCH_NAME = /^(?![/.])(?!.*\/\/)(?!.*\.\.)(?!.*[/.]$)[A-Za-z0-9._/-]+$/;

export const branchNameSchema = z
  .string({ error: "branch must be a branch name, e.g. feature/checkout" })
  .trim()
  .min(1, "Branch name is required")
  .max(BRANCH_NAME_MAX, `Branch name must be at most ${BRANCH_NAME_MAX} characters`)
  .regex(
    BRANCH_NAME,
    "Branch name may hold letters, digits, '.', '_', '-' and '/', and may not start or end with '/' or '.'",
  );

/** A branch a request names: main or a branch's name. */
export const branchRefSchema = branchNameSchema.optional();

export const branchChangesSchema = z.object({
  keysAdded: z.number().int(),
  keysChanged: z.number().int(),
  keysDeleted: z.number().int(),
  strings: z.number().int(),
});
export type BranchChanges = z.infer<typeof branchChangesSchema>;

export const branchSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The branch it came from and merges into; null: main. */
  baseId: z.string().nullable(),
  baseName: z.string(),
  protected: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  mergedAt: z.string().nullable(),
  merges: z.number().int(),
  archivedAt: z.string().nullable(),
  changes: branchChangesSchema,
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListSchema = z.object({
  /** Only owners and admins merge into main. */
  mainProtected: z.boolean(),
  /** A branch merges only when a completed review of it covers each change since it was made. */
  mergeRequiresReview: z.boolean(),
  branches: z.array(branchSchema),
  /** Deleted branches: kept, with their changes, and listed apart. */
  archived: z.array(branchSchema),
});
export type BranchList = z.infer<typeof branchListSchema>;

export const createBranchBodySchema = z.object({
  name: branchNameSchema,
  /** The branch to start from (default main). */
  base: branchNameSchema.optional(),
});

export const updateBranchBodySchema = z.object({ protected: z.boolean() });

export const branchSettingsBodySchema = z
  .object({ mainProtected: z.boolean().optional(), mergeRequiresReview: z.boolean().optional() })
  .refine((body) => body.mainProtected !== undefined || body.mergeRequiresReview !== undefined, {
    error: "Give mainProtected or mergeRequiresReview",
  });

/** How a key differs on the branch from its base. */
export const KEY_CHANGES = ["added", "changed", "renamed", "deleted"] as const;
export type KeyChange = (typeof KEY_CHANGES)[number];

export const diffStringSchema = z.object({
  language: z.string(),
  /** What the base had when the branch first changed it (null: nothing). */
  was: z.string().nullable(),
  /** What the base has now. */
  base: z.string().nullable(),
  /** What the branch has (null: deleted there). */
  branch: z.string().nullable(),
  /** Changed on both sides since the branch changed it, to different texts. */
  conflict: z.boolean(),
});
export type DiffString = z.infer<typeof diffStringSchema>;

export const diffKeySchema = z.object({
  keyId: z.string(),
  key: z.string(),
  namespace: z.string(),
  change: z.enum(KEY_CHANGES),
  /** The key's name on the base, when it differs (a rename) or the key is gone there. */
  baseKey: z.string().nullable(),
  strings: z.array(diffStringSchema),
  conflict: z.boolean(),
});
export type DiffKey = z.infer<typeof diffKeySchema>;

export const branchDiffSchema = z.object({
  branch: branchSchema,
  keys: z.array(diffKeySchema),
  conflicts: z.number().int(),
  /** Why the person cannot merge now (null: they can). */
  blockedBy: z.string().nullable(),
  /** The project asks for a completed review of the changes first, and they are not all reviewed. */
  reviewNeeded: z.boolean(),
});
export type BranchDiff = z.infer<typeof branchDiffSchema>;

export const MERGE_CHOICES = ["branch", "base", "edit"] as const;

export const mergeResolutionSchema = z.object({
  keyId: z.string().uuid("keyId must be a key's id"),
  take: z.enum(MERGE_CHOICES, { error: "take must be one of: branch, base, edit" }),
  /** `edit`: the text each conflicting language gets. */
  values: z.record(z.string(), z.string().max(100_000)).optional(),
});
export type MergeResolution = z.infer<typeof mergeResolutionSchema>;

export const mergeBodySchema = z.object({
  resolutions: z.array(mergeResolutionSchema).max(100_000).default([]),
  /** Every conflict not resolved one by one takes this side. */
  conflicts: z.enum(["branch", "base"]).optional(),
});

export const mergeResultSchema = z.object({
  branch: branchSchema,
  keysAdded: z.number().int(),
  keysChanged: z.number().int(),
  keysDeleted: z.number().int(),
  strings: z.number().int(),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

/** The public API's (CLI's) branch requests: by name, in the key's project. */
export const v1BranchBodySchema = z.object({ name: branchNameSchema, base: branchNameSchema.optional() });
export const v1MergeBodySchema = z.object({
  name: branchNameSchema,
  conflicts: z.enum(["branch", "base"], { error: "conflicts must be one of: branch, base" }).optional(),
});
export const v1BranchListSchema = z.object({ branches: z.array(branchSchema) });
