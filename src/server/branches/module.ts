import type { Core } from "../modules/feature-module.ts";
import type { WebhookDispatch } from "../webhooks/webhook-dispatch.ts";
import { branchProcedures, branchRequestScope, branchRoutes } from "./routes.ts";
import { createBranchService } from "./service.ts";

/**
 * Branches (issue 39): a project's strings change on a branch, as its code does on a git branch,
 * are compared with their base and merged into it. The service is made first: pull, push and the
 * web app's requests (`requestScope`) put their work on the branch they name.
 */
export function branchesModule(core: Core, deps: { dispatch: Pick<WebhookDispatch, "enqueue"> }) {
  const branches = createBranchService({
    db: core.db,
    access: core.access,
    events: core.events,
    dispatch: deps.dispatch,
    logger: core.logger,
  });
  return {
    name: "branches",
    routes: branchRoutes(branches),
    keyProcedures: branchProcedures(branches),
    requestScope: branchRequestScope(branches),
    branches,
  };
}
