import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { batchJobListSchema, batchJobSchema, startBatchBodySchema } from "../../shared/schemas/batch.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { BatchService } from "./batch-service.ts";

const tags = ["AI"];

export function batchRoutes(batch: BatchService) {
  return new Hono<AppEnv>()
    .post(
      "/projects/:projectId/batch-translations",
      describeRoute({
        tags,
        summary: "Start translating every missing string of one language",
        description:
          "Queues the keys that have a source text and no translation in `language`, in chunks of 50 worked 3 at a time by any server process. Progress arrives as `batch.updated` events on the project's event stream. A string someone writes while the job runs is never overwritten. Owner and admin only. Starting counts as one AI request against the per-user and per-team AI limits (429 past them).",
        responses: {
          201: ok(batchJobSchema, "The job, pending"),
          400: problems[400],
          401: problems[401],
          403: problems[403],
          404: problems[404],
          409: { description: "A batch translation of this language is already running" },
          429: problems[429],
        },
      }),
      jsonBody(startBatchBodySchema),
      async (c) =>
        c.json(await batch.start(c.var.user.id, c.req.param("projectId"), c.req.valid("json")), 201),
    )
    .get(
      "/projects/:projectId/batch-translations",
      describeRoute({
        tags,
        summary: "The project's batch translations still pending or processing",
        responses: { 200: ok(batchJobListSchema), 401: problems[401], 404: problems[404] },
      }),
      async (c) => c.json({ jobs: await batch.active(c.var.user.id, c.req.param("projectId")) }),
    )
    .get(
      "/batch-translations/:batchId",
      describeRoute({
        tags,
        summary: "One batch translation job",
        responses: { 200: ok(batchJobSchema), 401: problems[401], 404: problems[404] },
      }),
      async (c) => c.json(await batch.get(c.var.user.id, c.req.param("batchId"))),
    )
    .delete(
      "/batch-translations/:batchId",
      describeRoute({
        tags,
        summary: "Cancel a batch translation",
        description: "Nothing more is written once this returns; strings already written stay.",
        responses: {
          200: ok(batchJobSchema, "The job, cancelled"),
          401: problems[401],
          403: problems[403],
          404: problems[404],
          409: { description: "The job has already finished" },
        },
      }),
      async (c) => c.json(await batch.cancel(c.var.user.id, c.req.param("batchId"))),
    );
}
