import { z } from "zod";
import {
  createGlossaryTermBodySchema,
  glossaryEntryListSchema,
  glossaryImportFormSchema,
  glossaryImportResultSchema,
  glossaryListQuerySchema,
  glossaryTermListSchema,
  glossaryTermSchema,
  updateGlossaryTermBodySchema,
} from "../schemas/glossary.ts";
import { fileAnswer } from "./media.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf } from "./route.ts";

const glossary = endpoint.route({ tags: ["Glossary"] });
const inTeam = z.object({ params: pathParams("teamId") });
const term = z.object({ params: pathParams("teamId", "id") });
const duplicate = { ...changing, conflict: { status: 409, message: "A term with this name already exists" } };

/**
 * A team's glossary (issue 21), shared by its projects: every member reads it, owners and admins
 * change it. A team the caller is not in is 404; a role that may not change it is 403.
 */
export const glossaryContract = {
  list: glossary
    .route({
      method: "GET",
      path: "/teams/{teamId}/glossary",
      summary: "The team's terms by name; `q` searches terms, translations and descriptions",
      description:
        "Without `limit` every matching term; with it, a page from `offset`. `total` counts all matches.",
    })
    .errors(changing)
    .input(inTeam.extend({ query: glossaryListQuerySchema }))
    .output(glossaryTermListSchema),
  create: glossary
    .route({
      method: "POST",
      path: "/teams/{teamId}/glossary",
      successStatus: 201,
      successDescription: "Created",
      summary: "Add a term",
    })
    .errors(duplicate)
    .input(inTeam.extend({ body: createGlossaryTermBodySchema }))
    .output(glossaryTermSchema),
  update: glossary
    .route({
      method: "PATCH",
      path: "/teams/{teamId}/glossary/{id}",
      summary: "Change a term (translations, when given, replace the term's)",
    })
    .errors(duplicate)
    .input(term.extend({ body: updateGlossaryTermBodySchema }))
    .output(glossaryTermSchema),
  remove: glossary
    .route({
      method: "DELETE",
      path: "/teams/{teamId}/glossary/{id}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete a term",
    })
    .errors(changing)
    .input(term),
  importCsv: glossary
    .route({
      method: "POST",
      path: "/teams/{teamId}/glossary/import",
      summary: "Import terms from a CSV file (multipart: file)",
      description:
        "Columns: term, description, part_of_speech, case_sensitive, forbidden, do_not_translate, then one per language code. A term already in the glossary (any case) is updated, its translations merged; the rest are added. One transaction: a file with a mistake is refused with its line and changes nothing.",
    })
    .errors({ ...changing, payload_too_large: errorsOf[413] })
    .input(inTeam.extend({ body: glossaryImportFormSchema }))
    .output(glossaryImportResultSchema),
  exportCsv: glossary
    .route({
      method: "GET",
      path: "/teams/{teamId}/glossary/export",
      successDescription: "glossary.csv",
      summary: "Export the glossary as CSV (cells a spreadsheet would run as formulas are escaped)",
    })
    .errors(changing)
    .input(inTeam)
    .output(fileAnswer("text/csv")),
  projectEntries: glossary
    .route({
      method: "GET",
      path: "/projects/{projectId}/glossary",
      summary: "The glossary of the project's team, as the editor underlines it",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("projectId") }))
    .output(glossaryEntryListSchema),
};
