import type { AnyContractProcedure } from "@orpc/contract";
import type { MiddlewareHandler } from "hono";
import { aiContract, assistContract } from "../../shared/contract/ai.ts";
import { batchContract } from "../../shared/contract/batch.ts";
import { branchesContract } from "../../shared/contract/branches.ts";
import { commentsContract } from "../../shared/contract/comments.ts";
import { keysContract } from "../../shared/contract/keys.ts";
import { releasesContract } from "../../shared/contract/releases.ts";
import { reviewsContract } from "../../shared/contract/reviews.ts";
import { screenshotsContract } from "../../shared/contract/screenshots.ts";
import { stringsContract } from "../../shared/contract/strings.ts";
import { eventsContract, transferContract } from "../../shared/contract/transfer.ts";
import { v1Contract } from "../../shared/contract/v1.ts";
import { BRANCH_HEADER } from "../../shared/schemas/branches.ts";
import { onBranch } from "../db/branch-scope.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/app-env.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { keyProcedure } from "../http/key-procedures.ts";
import type { BranchService } from "./service.ts";

/** The Branches screen's and the merge view's routes, as `branchesContract` declares them. */
export function branchRoutes(branches: BranchService) {
  return contractRoutes(branchesContract, {
    list: ({ params }, c) => branches.list(c.var.user.id, params.projectId),
    create: ({ params, body }, c) => branches.create(c.var.user.id, params.projectId, body),
    update: ({ params, body }, c) => branches.update(c.var.user.id, params.id, body),
    archive: ({ params }, c) => branches.archive(c.var.user.id, params.id),
    diff: ({ params }, c) => branches.diff(c.var.user.id, params.id),
    merge: ({ params, body }, c) => branches.merge(c.var.user.id, params.id, body),
    settings: ({ params, body }, c) => branches.settings(c.var.user.id, params.projectId, body),
  });
}

/** `sprog branch list|create|merge|delete`: a key of the project (pull to list, push to change). */
export function branchProcedures(branches: BranchService) {
  return [
    keyProcedure(v1Contract.branches, (_input, { apiKey }) => branches.listWithKey(apiKey)),
    keyProcedure(v1Contract.createBranch, ({ body }, { apiKey }) => branches.createWithKey(apiKey, body)),
    keyProcedure(v1Contract.mergeBranch, ({ body }, { apiKey }) => branches.mergeWithKey(apiKey, body)),
    keyProcedure(v1Contract.archiveBranch, ({ body }, { apiKey }) => branches.archiveWithKey(apiKey, body)),
  ];
}

/**
 * The changes the web app makes on a branch. Each writes through the string writer and the keys'
 * queries, which know a branch (db/branch-scope.ts); a change elsewhere (the project's languages,
 * its settings) is refused on a branch, rather than landing on main.
 */
const CHANGES_ON_A_BRANCH: AnyContractProcedure[] = [
  stringsContract.save,
  stringsContract.restore,
  // Emptying a language on a branch deletes its strings there (the views' triggers keep a
  // deletion of each, and its history); main's go when the branch merges.
  stringsContract.clearLanguage,
  keysContract.create,
  keysContract.update,
  keysContract.remove,
  // AI on one cell saves through the string service; a batch names the branch, whose chunks run on it.
  aiContract.translate,
  batchContract.start,
  batchContract.cancel,
  // A POST that writes nothing: a suggestion of the branch's text.
  assistContract.assist,
  // A POST that writes nothing: the files of the branch.
  transferContract.export,
  // A file imported on a branch writes the branch's keys and strings, as a push naming it does; the
  // project's languages and its uploaded files' shapes are the project's, as for a push.
  transferContract.import,
  // A review made on a branch is the branch's; every review reads and judges its own branch.
  ...Object.values(reviewsContract),
  // A thread is the key's wherever it is read: a key added on a branch has one there.
  ...Object.values(commentsContract),
  // Screenshots are the project's, shared by main and its branches; a link names a key of either
  // (a key added on a branch keeps its links when it merges). Nothing in them reads a branch's rows
  // but the key checks, which the view answers; the link's own check locks main's tables (0041).
  ...Object.values(screenshotsContract),
  // A release of the branch's strings (for a staging environment: never production).
  releasesContract.publish,
  ...Object.values(branchesContract),
];

function matcherOf(procedure: AnyContractProcedure) {
  const { method = "GET", path = "/" } = procedure["~orpc"].route;
  const pattern = new RegExp(`^/api${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
  return (requestMethod: string, requestPath: string) =>
    requestMethod === method && pattern.test(requestPath);
}

const allowedChanges = CHANGES_ON_A_BRANCH.map(matcherOf);
const isEventStream = matcherOf(eventsContract.stream);

/** Whether a request of the web app that changes something is taken on a branch. */
export function changeTakenOnABranch(method: string, path: string): boolean {
  return allowedChanges.some((matches) => matches(method, path));
}

/**
 * Puts a request of the web app that names a branch (`x-sprog-branch`: its id; the event stream,
 * which cannot send headers: `?branch=`) on that branch, after the session is known: every read
 * of it sees the branch, and the changes above write to it.
 */
export function branchRequestScope(branches: BranchService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id =
      c.req.header(BRANCH_HEADER) ?? (isEventStream("GET", c.req.path) ? c.req.query("branch") : undefined);
    const user = c.get("user");
    if (!id || !user) return next();
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    if (!reads && !changeTakenOnABranch(c.req.method, c.req.path)) {
      throw new AppError("validation_failed", "This cannot be done on a branch yet: switch to main to do it");
    }
    const scope = await branches.scopeForPerson(user.id, id, !reads);
    return onBranch(scope, () => next());
  };
}
