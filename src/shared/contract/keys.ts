import { z } from "zod";
import { keyFacetsQuerySchema, keyFacetsSchema, keyListQuerySchema } from "../schemas/key-filters.ts";
import { createKeyBodySchema, keyListSchema, keyRowSchema, updateKeyBodySchema } from "../schemas/keys.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint } from "./route.ts";

const keys = endpoint.route({ tags: ["Keys"] });
// The project is `{id}` in these paths, as the API has always named it.
const inProject = z.object({ params: pathParams("projectId") });
const key = z.object({ params: pathParams("keyId") });
/** Key names are unique per project: a create or a rename to a taken name. */
const nameTaken = {
  ...changing,
  conflict: { status: 409, message: "A key with this name already exists in this project" },
} as const;

/** A project's keys; their strings are `stringsContract`. The service checks each permission. */
export const keysContract = {
  list: keys
    .route({
      method: "GET",
      path: "/projects/{projectId}/keys",
      summary: "All keys with their strings, ordered by key",
      description:
        "`?languages=en,de` limits the strings to those languages (default: all). `q` keeps the keys whose name, or whose string in any of the project's languages, contains that text (case-insensitive; `%` and `_` are plain characters; a search without three letters or digits in a row looks at key names only). `limit` and `after` page through keys in order, with or without `q`; `next` is the `after` of the next page. Filters (all must hold) look at the strings in `lang` (default: the source language): `missing=1` (no text), `translated=1` (a text that is not pseudo-localization), `unverified=1` (AI or pseudo-localization output no person has saved or approved), `changedSince=YYYY-MM-DD`, `approval=approved|needs_changes|pending` (the newest current review verdict; pending: a text without one), `placeholders=1` (the text drops or invents a placeholder of the source), `tag=NAME`, `described=1` (the key has a description).",
    })
    .errors(changing)
    .input(inProject.extend({ query: keyListQuerySchema }))
    .output(keyListSchema),
  facets: keys
    .route({
      method: "GET",
      path: "/projects/{projectId}/keys/facets",
      summary: "How many keys each filter keeps, in one language",
      description:
        "The counts beside the Overview's filters, for the language `lang` (default: the source language) and within the search `q`: each filter on its own, `matching` for all the filters given together, and the project's most used tags.",
    })
    .errors(changing)
    .input(inProject.extend({ query: keyFacetsQuerySchema }))
    .output(keyFacetsSchema),
  create: keys
    .route({
      method: "POST",
      path: "/projects/{projectId}/keys",
      successStatus: 201,
      successDescription: "Created",
      summary: "Add a key, optionally with its source string",
    })
    .errors(nameTaken)
    .input(inProject.extend({ body: createKeyBodySchema }))
    .output(keyRowSchema),
  update: keys
    .route({
      method: "PATCH",
      path: "/keys/{keyId}",
      summary: "Rename a key or change its description, tags, max length or translatable flag",
    })
    .errors(nameTaken)
    .input(key.extend({ body: updateKeyBodySchema }))
    .output(keyRowSchema),
  remove: keys
    .route({
      method: "DELETE",
      path: "/keys/{keyId}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete a key with its strings",
    })
    .errors(changing)
    .input(key),
};
