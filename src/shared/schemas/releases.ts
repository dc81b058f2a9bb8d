import { z } from "zod";
import { branchNameSchema, MAIN_BRANCH } from "./branches.ts";
import { PULL_PLACEHOLDER_FORMATS } from "./pull.ts";

/**
 * Over-the-air releases (issue 37): an immutable, numbered snapshot of a project's translations,
 * one JSON file per language (the pull API's JSON), named by a manifest per environment that an
 * app reads through the project's distribution id, without any key.
 */

/** An environment's name: what the app's manifest URL says (`production`, `staging`, `beta-2`). */
export const ENVIRONMENT_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const DEFAULT_ENVIRONMENT = "production";
/** Where a release of a branch goes unless told otherwise: a branch's strings are not main's yet. */
export const BRANCH_DEFAULT_ENVIRONMENT = "staging";
export const environmentSchema = z
  .string({ error: "environment must be a name such as production or staging" })
  .trim()
  .regex(
    ENVIRONMENT_PATTERN,
    "environment must be lowercase letters, digits and dashes (at most 40), e.g. production or staging",
  );

/**
 * Why a release of `branch` may not be live in `environment`, or null when it may (issue 39). The
 * apps people use read production: it carries main's strings only, what a merged pull request ships,
 * so a branch's release goes to staging or any other environment, never production (published there
 * or moved there later). Main's releases go anywhere.
 */
export function branchReleaseRefusal(branch: string | null, environment: string): string | null {
  if (branch === null || branch === MAIN_BRANCH || environment !== DEFAULT_ENVIRONMENT) return null;
  return `A release of the branch ${branch} cannot go to ${DEFAULT_ENVIRONMENT}: ${DEFAULT_ENVIRONMENT} is for main's strings. Publish it to ${BRANCH_DEFAULT_ENVIRONMENT} (or another environment), or merge the branch into main first`;
}

/** Which strings a release carries: all, only those approved in a review, or only those without failing checks. */
export const RELEASE_STRING_FILTERS = ["all", "approved", "passing_checks"] as const;
export const releaseStringFilterSchema = z.enum(RELEASE_STRING_FILTERS, {
  error: `only must be one of: ${RELEASE_STRING_FILTERS.join(", ")}`,
});
export type ReleaseStringFilter = z.infer<typeof releaseStringFilterSchema>;

/** How a release was made: Publish in the project, `sprog release` / the API, or a completed review. */
export const RELEASE_TRIGGERS = ["person", "api", "review"] as const;
export type ReleaseTrigger = (typeof RELEASE_TRIGGERS)[number];

/** A distribution id: 32 hex digits, public (it is in the app), and it can only read releases. */
export const DISTRIBUTION_ID_PATTERN = /^[0-9a-f]{32}$/;
/** A release file's name in its URL: the first 32 hex digits of the SHA-256 of its bytes. */
export const RELEASE_FILE_HASH_PATTERN = /^[0-9a-f]{32}$/;

/** How long a manifest may be cached (seconds): a new release reaches apps within this. */
export const MANIFEST_MAX_AGE_SECONDS = 60;
/** A release file never changes: its URL names its bytes. */
export const RELEASE_FILE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The paths an app reads, under the server (or a CDN in front of it). */
export const OTA_PREFIX = "/ota";
export function manifestPath(distributionId: string, environment: string): string {
  return `${OTA_PREFIX}/${distributionId}/${environment}/manifest.json`;
}
/** A file's path as the manifest gives it: relative to `/ota/{distributionId}/`. */
export function releaseFileName(hash: string): string {
  return `files/${hash}.json`;
}

/**
 * `GET /ota/{distributionId}/{environment}/manifest.json`: the environment's current release.
 * `files` maps each language to its file's path relative to `/ota/{distributionId}/`.
 */
export const releaseManifestSchema = z.object({
  release: z.number().int(),
  environment: z.string(),
  /** Whose strings the release carries: `main`, or the branch it was made from (issue 39). */
  branch: z.string(),
  createdAt: z.string(),
  placeholderFormat: z.enum(PULL_PLACEHOLDER_FORMATS),
  files: z.record(z.string(), z.string()),
});
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

export const publishReleaseBodySchema = z.object({
  environment: environmentSchema
    .optional()
    .describe(
      "The environment whose manifest names the new release at once (default production; staging for a branch's release, which may not go to production)",
    ),
  languages: z
    .array(z.string().trim().min(1).max(35), { error: "languages must be a list of language codes" })
    .min(1, "Choose at least one language")
    .max(500)
    .optional()
    .describe('The languages to ship, e.g. ["en", "de"] (default: every language of the project)'),
  only: releaseStringFilterSchema
    .optional()
    .describe(
      "all (default), approved (only strings approved in a review), passing_checks (only strings without failing quality checks); the source language is always whole",
    ),
  placeholderFormat: z
    .enum(PULL_PLACEHOLDER_FORMATS, {
      error: `placeholderFormat must be one of: ${PULL_PLACEHOLDER_FORMATS.join(", ")}`,
    })
    .optional()
    .describe("The placeholders of the files, as the pull API's (web, ios, android; default web)"),
});
export type PublishReleaseBody = z.infer<typeof publishReleaseBodySchema>;

/** `sprog release` / `POST /api/v1/releases`: the Releases screen's choices, and a branch by name. */
export const publishReleaseKeyBodySchema = publishReleaseBodySchema.extend({
  branch: branchNameSchema
    .optional()
    .describe(
      "A branch's strings instead of main's (issue 39), e.g. feature/checkout; unset or main: main. Not to production",
    ),
});
export type PublishReleaseKeyBody = z.infer<typeof publishReleaseKeyBodySchema>;

export const releaseFileSchema = z.object({
  language: z.string(),
  /** Relative to the server: `/ota/{distributionId}/files/{hash}.json`. */
  path: z.string(),
  bytes: z.number().int(),
});

export const releaseDownloadsSchema = z.object({ day: z.string(), count: z.number().int() });

export const releaseSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** The environment it was published to. */
  environment: z.string(),
  /** Whose strings it carries: `main`, or the branch's name (kept after the branch is deleted). */
  branch: z.string(),
  createdAt: z.string(),
  trigger: z.enum(RELEASE_TRIGGERS),
  /** Who: a person's name, the API key's name (`API key "CI"`), or null once gone. */
  createdBy: z.string().nullable(),
  languages: z.array(z.string()),
  only: releaseStringFilterSchema,
  placeholderFormat: z.enum(PULL_PLACEHOLDER_FORMATS),
  /** Keys in the release (any language). */
  keyCount: z.number().int(),
  /** Keys added, removed or with a text changed in any language since the release before it. */
  keysChanged: z.number().int(),
  files: z.array(releaseFileSchema),
  /** Language files of it served (by this server: a CDN answers most), per day, the last 14 days with any. */
  downloads: z.array(releaseDownloadsSchema),
  /** The environments whose manifest names it now. */
  liveIn: z.array(z.string()),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseEnvironmentSchema = z.object({
  name: z.string(),
  releaseNumber: z.number().int(),
  updatedAt: z.string(),
  /** `/ota/{distributionId}/{environment}/manifest.json` */
  manifestPath: z.string(),
});

export const releaseListSchema = z.object({
  distributionId: z.string(),
  environments: z.array(releaseEnvironmentSchema),
  /** Newest first. */
  releases: z.array(releaseSchema),
  /** The environment a completed review publishes to; null: a review publishes nothing. */
  releaseOnReview: z.string().nullable(),
});
export type ReleaseList = z.infer<typeof releaseListSchema>;

export const activateReleaseBodySchema = z.object({ environment: environmentSchema });

export const releaseSettingsBodySchema = z.object({
  releaseOnReview: environmentSchema.nullable(),
});

/** `sprog release` / `POST /api/v1/releases`. */
export const publishedReleaseSchema = z.object({
  number: z.number().int(),
  environment: z.string(),
  /** `main`, or the branch it was made from. */
  branch: z.string(),
  languages: z.array(z.string()),
  keyCount: z.number().int(),
  keysChanged: z.number().int(),
  manifestPath: z.string(),
});
