import { z } from "zod";
import {
  branchNameSchema,
  branchSchema,
  mergeResultSchema,
  v1BranchBodySchema,
  v1BranchListSchema,
  v1MergeBodySchema,
} from "../schemas/branches.ts";
import { PULL_ALIAS_PATH, PULL_FORMATS, PULL_PLACEHOLDER_FORMATS, pullBodySchema } from "../schemas/pull.ts";
import {
  projectKeyNamesSchema,
  projectStatusSchema,
  pushAnswerSchema,
  pushFieldsSchema,
} from "../schemas/push.ts";
import { publishedReleaseSchema, publishReleaseKeyBodySchema } from "../schemas/releases.ts";
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
  webhookTestAnswerSchema,
} from "../schemas/webhooks.ts";
import { API_KEY_SECURITY_SCHEME, apiKeyScopesOf, keyErrors, withKey } from "./key-endpoint.ts";
import { fileAnswer, multipartBody, uploadedFile } from "./media.ts";
import { pathParams } from "./path-params.ts";
import { errorsOf } from "./route.ts";
import { projectContextContract } from "./v1-context.ts";
import { developerContract } from "./v1-developer.ts";
import { reviewerContract } from "./v1-reviewer.ts";
import { translatorContract } from "./v1-translator.ts";

export { API_KEY_SECURITY_SCHEME, apiKeyScopesOf };

/**
 * The public API, `/api/v1`: what CI, the `sprog` CLI and a team's own scripts call with a project
 * API key (Project Settings → API Access) instead of a session. Each endpoint names the one scope
 * its key needs as its OpenAPI security requirement, and the server authorizes by that same entry,
 * so the document cannot promise what the server does not check.
 */

/** Where the public API's OpenAPI document is served, under /api. */
export const PUBLIC_API_DOCUMENT_PATH = "/v1/openapi.json";

const pull = withKey("pull", [
  { name: "if-none-match", description: "The ETag of the last answer: 304 until the project changes" },
]).route({ tags: ["Pull API"] });
const push = withKey("push").route({ tags: ["Push API"] });
const release = withKey("release").route({ tags: ["Releases"] });
const hooks = withKey("webhooks:manage").route({ tags: ["Webhooks"] });
const oneHook = z.object({ params: pathParams("id") });

/** `?branch=`: a branch's strings instead of main's. */
const branchQuerySchema = z.object({
  branch: branchNameSchema
    .optional()
    .describe("A branch's name to read it instead of main (unset or main: main)"),
});

/** The push API's form: a file and the options, as text fields (multipart). */
const pushFormSchema = multipartBody(
  z.object({ file: uploadedFile("file is required: the file to push"), ...pushFieldsSchema.shape }),
);

export const v1Contract = {
  pull: pull
    .route({
      method: "POST",
      path: "/v1/pull",
      summary: "Pull the project's translations (CI/CD)",
      description: [
        `\`format\`: ${PULL_FORMATS.join(", ")}; \`placeholderFormat\`: ${PULL_PLACEHOLDER_FORMATS.join(", ")}; \`language\` optional.`,
        "With `language`: that language's file itself. Without: `translations.zip` with every language of the project.",
        "Answers carry an `ETag`; send it back as `If-None-Match` to get 304 until the project changes.",
        `The body is read as JSON whatever its Content-Type says (\`curl -d\` works). Also at \`POST ${PULL_ALIAS_PATH}\` (compatible alias).`,
      ].join("\n\n"),
      successDescription: "The file, or translations.zip (304: not modified since the ETag in If-None-Match)",
    })
    .errors({ bad_request: errorsOf[400], too_large: errorsOf[413], ...keyErrors })
    .input(z.object({ body: pullBodySchema }))
    .output(fileAnswer("application/json", "text/plain", "application/xml", "application/zip")),
  push: push
    .route({
      method: "POST",
      path: "/v1/push",
      summary: "Push translation files into the project (CI/CD)",
      description: [
        "`file`: any format the Import dialog reads, or a `.zip` of several (each file's language and format from its name). `language`, `format`, `overwriteExisting` (false: only fill missing strings), `deleteMissing` (source language only: delete the keys the file lacks), `tags` (comma-separated, for the keys the push adds), `namespace` (the file's namespace; default from its name), `dryRun` (answer what would change, change nothing).",
        "Same parser, size limit (MAX_UPLOAD_MB), single transaction and history (origin `api`) as the Import dialog: a file that cannot be read changes nothing.",
      ].join("\n\n"),
      successDescription: "What was pushed (or would be, with dryRun)",
    })
    .errors({ bad_request: errorsOf[400], too_large: errorsOf[413], ...keyErrors })
    .input(z.object({ body: pushFormSchema }))
    .output(pushAnswerSchema),
  status: pull
    .route({
      method: "GET",
      path: "/v1/status",
      operationId: "get_status",
      summary: "The project's completion per language (CI/CD)",
      description:
        "Per language: keys, translated, missing, unverified (machine output no person has checked), approved (the newest current review verdict is an approval); and the project's namespaces.",
    })
    .errors({ bad_request: errorsOf[400], ...keyErrors })
    .input(z.object({ query: branchQuerySchema }))
    .output(projectStatusSchema),
  keyNames: pull
    .route({
      method: "GET",
      path: "/v1/keys",
      summary: "Every key name of the project (CI/CD)",
      description:
        "The names in name order, for `sprog check` to compare with the code. Streamed: a large project's list arrives as it is read.",
    })
    .errors({ bad_request: errorsOf[400], ...keyErrors })
    .input(z.object({ query: branchQuerySchema }))
    .output(projectKeyNamesSchema),
  release: release
    .route({
      method: "POST",
      path: "/v1/releases",
      operationId: "publish_release",
      successStatus: 201,
      successDescription: "Published; the environment's manifest names it",
      summary: "Publish an over-the-air release of the translations (CI/CD: `sprog release`)",
      description:
        "A numbered snapshot of the project's translations that apps load through the distribution's manifest, without a rebuild. `environment` (default production), `languages` (default all), `only` (all, approved, passing_checks), `placeholderFormat` (web, ios, android; default web), `branch` (a branch's strings instead of main's, for a staging app: its environment defaults to staging and may not be production; 404 for a branch the project does not have).",
    })
    .errors({ bad_request: errorsOf[400], not_found: errorsOf[404], ...keyErrors })
    .input(z.object({ body: publishReleaseKeyBodySchema }))
    .output(publishedReleaseSchema),
  branches: pull
    .route({
      method: "GET",
      path: "/v1/branches",
      summary: "The project's live branches (`sprog branch list`)",
    })
    .errors(keyErrors)
    .output(v1BranchListSchema),
  createBranch: push
    .route({
      method: "POST",
      path: "/v1/branches",
      successStatus: 201,
      summary: "Start a branch (`sprog branch create`); a push to a new branch starts one too",
    })
    .errors({ bad_request: errorsOf[400], conflict: errorsOf[409], ...keyErrors })
    .input(z.object({ body: v1BranchBodySchema }))
    .output(branchSchema),
  mergeBranch: push
    .route({
      method: "POST",
      path: "/v1/branches/merge",
      summary: "Merge a branch into its base (`sprog branch merge`, after the pull request merges)",
      description:
        "409 while a string changed on both sides is unresolved, unless `conflicts` says which side takes them all. A protected base takes merges only from keys an owner or admin made.",
    })
    .errors({ bad_request: errorsOf[400], conflict: errorsOf[409], ...keyErrors })
    .input(z.object({ body: v1MergeBodySchema }))
    .output(mergeResultSchema),
  archiveBranch: push
    .route({
      method: "POST",
      path: "/v1/branches/archive",
      summary: "Delete a branch (`sprog branch delete`): archived with its changes, not lost",
    })
    .errors({ bad_request: errorsOf[400], ...keyErrors })
    .input(z.object({ body: v1BranchBodySchema.pick({ name: true }) }))
    .output(branchSchema),
  webhooks: {
    list: hooks
      .route({ method: "GET", path: "/v1/webhooks", summary: "The project's webhooks, oldest first" })
      .errors(keyErrors)
      .output(webhookListSchema),
    create: hooks
      .route({
        method: "POST",
        path: "/v1/webhooks",
        successStatus: 201,
        successDescription: "Created; `secret` is shown this once",
        summary: "Create a webhook",
        description: "As Project Settings → Webhooks creates one (see the session API's webhooks).",
      })
      .errors({ bad_request: errorsOf[400], ...keyErrors })
      .input(z.object({ body: createWebhookBodySchema }))
      .output(createdWebhookSchema),
    update: hooks
      .route({ method: "PATCH", path: "/v1/webhooks/{id}", summary: "Change a webhook" })
      .errors({ bad_request: errorsOf[400], not_found: errorsOf[404], ...keyErrors })
      .input(oneHook.extend({ body: updateWebhookBodySchema }))
      .output(webhookSchema),
    remove: hooks
      .route({
        method: "DELETE",
        path: "/v1/webhooks/{id}",
        successStatus: 204,
        successDescription: "Deleted",
        summary: "Delete a webhook and its delivery log",
      })
      .errors({ not_found: errorsOf[404], ...keyErrors })
      .input(oneHook),
    test: hooks
      .route({
        method: "POST",
        path: "/v1/webhooks/{id}/test",
        successStatus: 202,
        successDescription: "Queued; the attempt shows in the delivery log",
        summary: "Send a test delivery (event `ping`)",
      })
      .errors({ not_found: errorsOf[404], ...keyErrors })
      .input(oneHook)
      .output(webhookTestAnswerSchema),
    deliveries: hooks
      .route({
        method: "GET",
        path: "/v1/webhooks/{id}/deliveries",
        summary: "The webhook's last 100 delivery attempts, newest first",
      })
      .errors({ not_found: errorsOf[404], ...keyErrors })
      .input(oneHook)
      .output(webhookDeliveryListSchema),
  },
  /** The developer's procedures (push scope): keys and source texts, and what the code lacks. */
  developer: developerContract,
  /** The translator's procedures (translate scope): what a language needs, a key's context, writes. */
  translator: translatorContract,
  /** The reviewer's procedures (review scope): reviews, pending keys, verdicts. */
  reviewer: reviewerContract,
  /** What every key may read of its project: glossary, tone of voice, languages. */
  context: projectContextContract,
};

export type V1Contract = typeof v1Contract;
