import { batchContract } from "../../shared/contract/batch.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { BatchService } from "./batch-service.ts";

export function batchRoutes(batch: BatchService) {
  return contractRoutes(batchContract, {
    start: ({ params, body }, c) => batch.start(c.var.user.id, params.projectId, body),
    active: async ({ params }, c) => ({ jobs: await batch.active(c.var.user.id, params.projectId) }),
    get: ({ params }, c) => batch.get(c.var.user.id, params.batchId),
    cancel: ({ params }, c) => batch.cancel(c.var.user.id, params.batchId),
  });
}
