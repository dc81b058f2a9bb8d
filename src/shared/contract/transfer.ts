import { z } from "zod";
import { STREAM_ENDED_EVENT } from "../events.ts";
import { exportBodySchema, importFormSchema, importResultSchema } from "../schemas/transfer.ts";
import { fileAnswer } from "./media.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf, guarded } from "./route.ts";

const transfer = endpoint.route({ tags: ["Import and export"] });
const inProject = pathParams("projectId");

/** Import a file into a project, export its languages as a zip. */
export const transferContract = {
  import: transfer
    .route({
      method: "POST",
      path: "/projects/{projectId}/import",
      summary: "Import a translation file (multipart: file, language, options)",
      description:
        "Fields: `file`; `language` (the language the file holds, e.g. guessed from its name); optional `format` (else from the extension); `overwriteExisting` (false), `flattenNestedKeys` (true), `resetLanguageList` (false). Keys, languages and strings are written in one transaction (history origin import): a file that cannot be read changes nothing.",
    })
    .errors({
      ...changing,
      payload_too_large: { status: 413, message: "The file is larger than MAX_UPLOAD_MB" },
    })
    .input(z.object({ params: inProject, body: importFormSchema }))
    .output(importResultSchema),
  export: transfer
    .route({
      method: "POST",
      path: "/projects/{projectId}/export",
      successDescription: "translations-{projectId}.zip",
      summary: "Export translations as translations-{projectId}.zip",
    })
    .errors({ bad_request: errorsOf[400], unauthorized: errorsOf[401], not_found: errorsOf[404] })
    .input(z.object({ params: inProject, body: exportBodySchema }))
    .output(fileAnswer("application/zip")),
};

/** The project's live events (Server-Sent Events; the web opens them with EventSource). */
export const eventsContract = {
  stream: endpoint
    .route({
      tags: ["Realtime"],
      method: "GET",
      path: "/projects/{projectId}/events",
      successDescription: "text/event-stream",
      summary: "Server-Sent Events of the project's string and key changes",
      description: `Event names: string.updated, key.created, key.updated, key.deleted, project.updated (src/shared/events.ts). At most 5 string updates per 2 s per viewer; other updates come in a batch after 2 s. The stream ends when the viewer's access ends (signed out, removed from the team, the team deleted), after a last \`${STREAM_ENDED_EVENT}\` event. At most MAX_EVENT_STREAMS_PER_USER open streams per user (429 beyond).`,
    })
    .errors({ ...guarded, rate_limited: errorsOf[429] })
    .input(z.object({ params: pathParams("projectId") })),
};
