import { z } from "zod";
import { activityEntrySchema } from "./schemas/activity.ts";
import { batchJobSchema } from "./schemas/batch.ts";
import { cellSchema, keyMetadataSchema } from "./schemas/keys.ts";

/**
 * The realtime event map (DESIGN.md §3 `events.ts` lives here with the schemas): what the server
 * pushes on a project's event stream (Server-Sent Events; the SSE `event:` field is the type).
 */
export const projectEventSchemas = {
  "string.updated": z.object({
    keyId: z.string(),
    language: z.string(),
    cell: cellSchema,
    /**
     * Who saved it, as people are shown to teammates: their full name, else their e-mail; null when
     * unknown. Never a user id: the editor's conflict banner says it to the person editing.
     */
    by: z.string().nullable(),
  }),
  "key.created": z.object({ keyId: z.string(), key: z.string() }),
  /** Renamed or its metadata changed; carries the key's metadata as it is now. */
  "key.updated": keyMetadataSchema.extend({ keyId: z.string(), key: z.string() }),
  "key.deleted": z.object({ keyId: z.string() }),
  "project.updated": z.object({ projectId: z.string() }),
  /** A batch translation job's row changed (status, progress, counts). */
  "batch.updated": batchJobSchema,
  /**
   * A file import (the Import dialog or the push API) committed: what it wrote. Webhooks send it as
   * `import.completed`; the screens refresh on the `project.updated` published with it.
   */
  "import.completed": z.object({
    keysAdded: z.number().int(),
    translationsAdded: z.number().int(),
    languagesAdded: z.number().int(),
    /** The languages the file held. */
    languages: z.array(z.string()),
  }),
  /** A review changed (fields, keys, languages done, approvals) or was deleted. */
  "review.updated": z.object({ reviewId: z.string(), deleted: z.boolean().optional() }),
  /** A key and language's comment thread changed; `openCount` is how many of its comments are open. */
  "comment.updated": z.object({ keyId: z.string(), language: z.string(), openCount: z.number().int() }),
  /** Screenshots of these keys were uploaded, linked, unlinked or deleted. */
  "screenshots.updated": z.object({ keyIds: z.array(z.string()) }),
  /** An activity entry of the project was recorded or grew (string edits grouped per minute). */
  "activity.created": activityEntrySchema,
} as const;

export type ProjectEventType = keyof typeof projectEventSchemas;
export type ProjectEvent<T extends ProjectEventType = ProjectEventType> = {
  [K in T]: { type: K; data: z.infer<(typeof projectEventSchemas)[K]> };
}[T];

/** Spec point 9: translation updates are limited to 5 per 2-second window; other updates batch after 2 s. */
export const REALTIME_STRING_UPDATES_PER_WINDOW = 5;
export const REALTIME_WINDOW_MS = 2000;
export const REALTIME_BATCH_MS = 2000;

/**
 * Not a project event: the last message of a stream the server ended because the viewer's access
 * ended (signed out, removed from the team, the team deleted). The client stops instead of reconnecting.
 */
export const STREAM_ENDED_EVENT = "stream.ended";
export const streamEndedSchema = z.object({ reason: z.enum(["signed_out", "access_ended"]) });
export type StreamEndedReason = z.infer<typeof streamEndedSchema>["reason"];
