import { activityContract } from "./activity.ts";
import { aiContract, assistContract, memoryContract } from "./ai.ts";
import { apiKeysContract } from "./api-keys.ts";
import { authContract } from "./auth.ts";
import { batchContract } from "./batch.ts";
import { billingContract } from "./billing.ts";
import { branchesContract } from "./branches.ts";
import { commentsContract } from "./comments.ts";
import { fileTemplatesContract } from "./file-templates.ts";
import { glossaryContract } from "./glossary.ts";
import { inContextContract } from "./in-context.ts";
import { keysContract } from "./keys.ts";
import { profilesContract } from "./profiles.ts";
import { projectsContract } from "./projects.ts";
import { releasesContract } from "./releases.ts";
import { reviewsContract } from "./reviews.ts";
import { screenshotsContract } from "./screenshots.ts";
import { ssoContract } from "./sso.ts";
import { stringsContract } from "./strings.ts";
import { teamsContract } from "./teams.ts";
import { toneContract } from "./tone.ts";
import { eventsContract, transferContract } from "./transfer.ts";
import { usageContract } from "./usage.ts";
import { webhooksContract } from "./webhooks.ts";

/**
 * The API's one contract: every endpoint's method, path, params, query, body, answer and errors.
 * The server's routes, the API reference, the web's fetchers and the tests' client derive from it.
 */
export const contract = {
  activity: activityContract,
  auth: authContract,
  ai: aiContract,
  assist: assistContract,
  memory: memoryContract,
  reviews: reviewsContract,
  batch: batchContract,
  billing: billingContract,
  transfer: transferContract,
  files: fileTemplatesContract,
  events: eventsContract,
  projects: projectsContract,
  keys: keysContract,
  strings: stringsContract,
  apiKeys: apiKeysContract,
  profiles: profilesContract,
  tone: toneContract,
  glossary: glossaryContract,
  teams: teamsContract,
  webhooks: webhooksContract,
  comments: commentsContract,
  screenshots: screenshotsContract,
  usage: usageContract,
  releases: releasesContract,
  inContext: inContextContract,
  sso: ssoContract,
  branches: branchesContract,
};

export type Contract = typeof contract;
