import { webhooksContract } from "../../shared/contract/webhooks.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { Access } from "../teams/access.ts";
import type { WebhookService } from "./webhook-service.ts";

/** Project Settings → Webhooks, as `webhooksContract` declares it (owner and admin: `webhooks.manage`). */
export function webhookRoutes(webhooks: WebhookService, access: Access) {
  const allowed = (userId: string, projectId: string) => access.project(userId, projectId, "webhooks.manage");
  return contractRoutes(webhooksContract, {
    list: async ({ params }, c) => {
      await allowed(c.var.user.id, params.projectId);
      return { webhooks: await webhooks.list(params.projectId) };
    },
    create: async ({ params, body }, c) => {
      await allowed(c.var.user.id, params.projectId);
      return webhooks.create(params.projectId, c.var.user.id, body);
    },
    update: async ({ params, body }, c) => {
      await allowed(c.var.user.id, params.projectId);
      return webhooks.update(params.projectId, params.id, body);
    },
    remove: async ({ params }, c) => {
      await allowed(c.var.user.id, params.projectId);
      await webhooks.remove(params.projectId, params.id);
    },
    test: async ({ params }, c) => {
      await allowed(c.var.user.id, params.projectId);
      return webhooks.test(params.projectId, params.id);
    },
    deliveries: async ({ params }, c) => {
      await allowed(c.var.user.id, params.projectId);
      return { deliveries: await webhooks.deliveries(params.projectId, params.id) };
    },
  });
}
