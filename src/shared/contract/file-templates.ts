import { z } from "zod";
import { fileTemplateListSchema } from "../schemas/file-templates.ts";
import { fileAnswer } from "./media.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, guarded } from "./route.ts";

const files = endpoint.route({ tags: ["Import and export"] });
const inProject = z.object({ params: pathParams("projectId") });
const oneFile = z.object({ params: pathParams("projectId", "id") });

/**
 * The files kept as templates of exports (issue 33, Project Settings → Files): every file imported
 * or pushed is kept, one per format and language, and an export or pull in its format is written on
 * it. Who may export may see them (`keys.manage`); a file of another project is 404.
 */
export const fileTemplatesContract = {
  list: files
    .route({
      method: "GET",
      path: "/projects/{projectId}/files",
      summary: "The uploaded files kept as templates of the project's exports, by path then language",
      description:
        "`language` is `*` for a CSV or Excel table of every language. `uploadedBy` is null once that account is gone. The bytes are fetched one file at a time (`/original`).",
    })
    .errors(guarded)
    .input(inProject)
    .output(fileTemplateListSchema),
  original: files
    .route({
      method: "GET",
      path: "/projects/{projectId}/files/{id}/original",
      successDescription:
        "The file's bytes as uploaded, as an attachment named as uploaded; the type by its format (application/json, application/xml, text/plain, text/csv, application/yaml, the Excel type; else application/octet-stream)",
      summary: "Download a kept file as it was uploaded",
    })
    .errors(guarded)
    .input(oneFile)
    .output(fileAnswer("application/octet-stream")),
  remove: files
    .route({
      method: "DELETE",
      path: "/projects/{projectId}/files/{id}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Forget a kept file: exports in its format are written from the project's strings again",
      description:
        "The project's keys and strings stay as they are; the next upload of the file is kept again.",
    })
    .errors(changing)
    .input(oneFile),
};
