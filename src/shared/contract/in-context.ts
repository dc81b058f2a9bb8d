import { z } from "zod";
import {
  createInContextTokenBodySchema,
  inContextKeysQuerySchema,
  inContextKeysSchema,
  inContextSaveBodySchema,
  inContextSavedSchema,
  inContextScreenshotFormSchema,
  inContextScreenshotSchema,
  inContextTokenSchema,
} from "../schemas/in-context.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf, guarded } from "./route.ts";

const inContext = endpoint.route({ tags: ["In-context editing"] });

/**
 * In-context editing (issue 37). `createToken` is the session API (the popup on Sprog, for the
 * signed-in person); the others are called from the app's page with `Authorization: Bearer` and
 * that token, from the origin it was made for only (CORS), as the person who made it.
 */
export const inContextContract = {
  createToken: inContext
    .route({
      method: "POST",
      path: "/projects/{projectId}/in-context-tokens",
      successStatus: 201,
      successDescription: "Created; the popup posts it to the app's window",
      summary: "Let an app's page edit this project's texts as you, for 8 hours",
      description:
        "`origin`: the app page's origin. The token works only from that origin, with your role's rights, until it expires or you sign out.",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("projectId"), body: createInContextTokenBodySchema }))
    .output(inContextTokenSchema),
  keys: inContext
    .route({
      method: "GET",
      path: "/in-context/keys",
      summary: "The keys an app's page shows, with their description, source and text in one language",
    })
    .errors(changing)
    .input(z.object({ query: inContextKeysQuerySchema }))
    .output(inContextKeysSchema),
  save: inContext
    .route({
      method: "PUT",
      path: "/in-context/keys/{keyId}/strings/{lang}",
      summary: "Save a key's text in a language, from the app's page",
    })
    .errors({ ...changing, conflict: errorsOf[409] })
    .input(z.object({ params: pathParams("keyId", "lang"), body: inContextSaveBodySchema }))
    .output(inContextSavedSchema),
  screenshot: inContext
    .route({
      method: "POST",
      path: "/in-context/keys/{keyId}/screenshots",
      successStatus: 201,
      successDescription: "Created and linked to the key with its rectangle",
      summary: "Attach a screenshot of the app's page to a key, with the key's rectangle on it",
    })
    .errors({ ...guarded, bad_request: errorsOf[400], payload_too_large: errorsOf[413] })
    .input(z.object({ params: pathParams("keyId"), body: inContextScreenshotFormSchema }))
    .output(inContextScreenshotSchema),
};
