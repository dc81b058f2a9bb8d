import { bodyLimit } from "hono/body-limit";
import { v1Contract } from "../../shared/contract/v1.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import { AppError } from "../errors.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { WebhookService } from "./webhook-service.ts";

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The webhooks of an API key's project at /v1/webhooks, for scripts and CI: the same service as the
 * session routes, the project being the key's. Mounted before the session API's origin check, as
 * the pull API is.
 */
export function webhookApiKeyRoutes(deps: { webhooks: WebhookService; authorize: Authorize }) {
  const { webhooks, authorize } = deps;
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError("payload_too_large", "Request body too large");
    },
  });
  return contractRoutes(
    v1Contract.webhooks,
    {
      list: async (_input, c) => ({ webhooks: await webhooks.list(c.var.apiKey.project_id) }),
      create: {
        use: [limit],
        handle: ({ body }, c) => webhooks.create(c.var.apiKey.project_id, null, body),
      },
      update: {
        use: [limit],
        handle: ({ params, body }, c) => webhooks.update(c.var.apiKey.project_id, params.id, body),
      },
      remove: async ({ params }, c) => {
        await webhooks.remove(c.var.apiKey.project_id, params.id);
      },
      test: ({ params }, c) => webhooks.test(c.var.apiKey.project_id, params.id),
      deliveries: async ({ params }, c) => ({
        deliveries: await webhooks.deliveries(c.var.apiKey.project_id, params.id),
      }),
    },
    { authorize },
  );
}
