import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute } from "hono-openapi";
import type { z } from "zod";
import { API_KEY_HEADER } from "../../shared/schemas/pull.ts";
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
  webhookTestAnswerSchema,
} from "../../shared/schemas/webhooks.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import { AppError } from "../errors.ts";
import { ok, problems } from "../http/openapi.ts";
import { parseJsonText } from "../http/validate.ts";
import type { WebhookService } from "./webhook-service.ts";

export const KEY_WEBHOOKS_PATH = "/v1/webhooks";
const MAX_BODY_BYTES = 16 * 1024;

const keyHeader = [
  { name: API_KEY_HEADER, in: "header" as const, required: true, schema: { type: "string" as const } },
];
const keyProblems = {
  401: { ...problems[401], description: "Missing, unknown or revoked API key" },
  403: { ...problems[403], description: "The API key lacks the webhooks:manage scope" },
  429: problems[429],
};
const doc = (summary: string, answer: z.ZodType | undefined, status = 200) =>
  describeRoute({
    tags: ["Webhooks"],
    summary,
    description: `The key's project's webhooks, as Project Settings → Webhooks manages them. Authorized by a project API key with the \`webhooks:manage\` scope in the \`${API_KEY_HEADER}\` header.`,
    parameters: keyHeader,
    responses: {
      [status]: answer ? ok(answer) : { description: "Done" },
      400: problems[400],
      404: problems[404],
      ...keyProblems,
    },
  });

async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseJsonText(await c.req.text(), schema);
}

/**
 * The webhooks of an API key's project at /api/v1/webhooks, for scripts and CI: the same service
 * as the session routes, the project being the key's. Mounted before the session API's origin
 * check, as the pull API is.
 */
export function webhookKeyRoutes(deps: { webhooks: WebhookService; authorize: Authorize }) {
  const { webhooks, authorize } = deps;
  const project = async (c: Context) =>
    (await authorize(c.req.header(API_KEY_HEADER), "webhooks:manage")).project_id;
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError("payload_too_large", "Request body too large");
    },
  });
  const one = `${KEY_WEBHOOKS_PATH}/:id`;

  return new Hono()
    .get(KEY_WEBHOOKS_PATH, doc("List the project's webhooks (API key)", webhookListSchema), async (c) =>
      c.json({ webhooks: await webhooks.list(await project(c)) }, 200),
    )
    .post(
      KEY_WEBHOOKS_PATH,
      limit,
      doc("Create a webhook (API key); the answer's secret is shown once", createdWebhookSchema, 201),
      async (c) => {
        const projectId = await project(c);
        return c.json(
          await webhooks.create(projectId, null, await readBody(c, createWebhookBodySchema)),
          201,
        );
      },
    )
    .patch(one, limit, doc("Change a webhook (API key)", webhookSchema), async (c) => {
      const projectId = await project(c);
      const body = await readBody(c, updateWebhookBodySchema);
      return c.json(await webhooks.update(projectId, c.req.param("id"), body), 200);
    })
    .delete(one, doc("Delete a webhook (API key)", undefined, 204), async (c) => {
      await webhooks.remove(await project(c), c.req.param("id"));
      return c.body(null, 204);
    })
    .post(`${one}/test`, doc("Send a test delivery (API key)", webhookTestAnswerSchema, 202), async (c) =>
      c.json(await webhooks.test(await project(c), c.req.param("id")), 202),
    )
    .get(
      `${one}/deliveries`,
      doc("A webhook's delivery log (API key)", webhookDeliveryListSchema),
      async (c) =>
        c.json({ deliveries: await webhooks.deliveries(await project(c), c.req.param("id")) }, 200),
    );
}
