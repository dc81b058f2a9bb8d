import { z } from "zod";
import { batchJobListSchema, batchJobSchema, startBatchBodySchema } from "../schemas/batch.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf, guarded } from "./route.ts";

const batch = endpoint.route({ tags: ["AI"] });
const inProject = pathParams("projectId");
const job = pathParams("batchId");

/** Batch translation: every missing string of one language, worked in chunks by the job queue. */
export const batchContract = {
  start: batch
    .route({
      method: "POST",
      path: "/projects/{projectId}/batch-translations",
      successStatus: 201,
      successDescription: "The job, pending",
      summary: "Start translating every missing string of one language",
      description:
        "Queues the keys that have a source text and no translation in `language`, in chunks of 50 worked 3 at a time by any server process. Progress arrives as `batch.updated` events on the project's event stream. A string someone writes while the job runs is never overwritten. Owner and admin only. Starting counts as one AI request against the per-user and per-team AI limits (429 past them).",
    })
    .errors({
      ...changing,
      conflict: { status: 409, message: "A batch translation of this language is already running" },
      rate_limited: errorsOf[429],
    })
    .input(z.object({ params: inProject, body: startBatchBodySchema }))
    .output(batchJobSchema),
  active: batch
    .route({
      method: "GET",
      path: "/projects/{projectId}/batch-translations",
      summary: "The project's batch translations still pending or processing",
    })
    .errors({ unauthorized: errorsOf[401], not_found: errorsOf[404] })
    .input(z.object({ params: inProject }))
    .output(batchJobListSchema),
  get: batch
    .route({ method: "GET", path: "/batch-translations/{batchId}", summary: "One batch translation job" })
    .errors({ unauthorized: errorsOf[401], not_found: errorsOf[404] })
    .input(z.object({ params: job }))
    .output(batchJobSchema),
  cancel: batch
    .route({
      method: "DELETE",
      path: "/batch-translations/{batchId}",
      successDescription: "The job, cancelled",
      summary: "Cancel a batch translation",
      description: "Nothing more is written once this returns; strings already written stay.",
    })
    .errors({ ...guarded, conflict: { status: 409, message: "The job has already finished" } })
    .input(z.object({ params: job }))
    .output(batchJobSchema),
};
