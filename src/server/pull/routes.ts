import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { v1Contract } from "../../shared/contract/v1.ts";
import type { BranchesOfKeys } from "../branches/service.ts";
import { onBranch } from "../db/branch-scope.ts";
import { AppError } from "../errors.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ClientHolds, PullService } from "./service.ts";

/** The canonical path under /api (the public API's contract); the spec's alias is PULL_ALIAS_PATH. */
export const PULL_PATH = v1Contract.pull["~orpc"].route.path;

const MAX_BODY_BYTES = 16 * 1024;

/** The ETags of `If-None-Match` (weak or strong, a list of them, or `*` for any) as a question. */
export function clientHoldsOf(ifNoneMatch: string | undefined): ClientHolds {
  if (!ifNoneMatch) return () => false;
  const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return (etag) => tags.some((tag) => tag === "*" || tag === etag);
}

/**
 * `POST /v1/pull` (or `path`, the spec's alias) with the project API key that has the pull scope.
 * Authorized by the key, not a session cookie, so it is mounted before the session API's origin
 * check: CI sends no Origin, and a foreign Origin cannot borrow anyone's cookie here.
 */
export function pullRoutes(pull: PullService, branches: BranchesOfKeys, path?: string) {
  const procedure = path ? v1Contract.pull.route({ path: path as `/${string}` }) : v1Contract.pull;
  return contractRoutes(
    { pull: procedure },
    {
      pull: {
        use: [
          bodyLimit({
            maxSize: MAX_BODY_BYTES,
            onError: () => {
              throw new AppError("payload_too_large", "Request body too large");
            },
          }),
        ],
        handle: async ({ body }, c) => {
          const branch = await branches.scopeForKey(c.var.apiKey, body.branch);
          const answer = await onBranch(branch, () =>
            pull.pull(c.var.apiKey, body, clientHoldsOf(c.req.header("if-none-match"))),
          );
          c.header("etag", answer.etag);
          c.header("cache-control", "private, no-cache");
          if (answer.kind === "not-modified") return c.body(null, 304);
          c.header("content-type", answer.contentType);
          c.header("content-disposition", `attachment; filename="${answer.fileName}"`);
          return c.body(answer.bytes as Uint8Array<ArrayBuffer>, 200);
        },
      },
    },
    { authorize: pull.authorize },
  );
}

/** The CLI as one file (Node 20+ built-ins only), so CI can fetch it without installing anything. */
export const CLI_PATH = "/cli/sprog.mjs";
const cliFile = fileURLToPath(new URL("../../../bin/sprog.mjs", import.meta.url));

export function cliRoutes() {
  return new Hono().get(CLI_PATH, async (c) => {
    const script = await readFile(cliFile, "utf8").catch(() => {
      throw new AppError("not_found", "The command-line client is not part of this installation");
    });
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", "no-cache");
    return c.body(script);
  });
}
