import { z } from "zod";
import {
  keyScreenshotListSchema,
  linkScreenshotBodySchema,
  screenshotListSchema,
  screenshotSchema,
  uploadScreenshotFormSchema,
} from "../schemas/screenshots.ts";
import { fileAnswer } from "./media.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf, guarded } from "./route.ts";

const screenshots = endpoint.route({ tags: ["Screenshots"] });
const ofKey = z.object({ params: pathParams("keyId") });
const one = z.object({ params: pathParams("id") });

/**
 * Screenshots of a project's keys (issue 21): shown beside the key in the editor and reviews, and
 * sent with the key to an AI that reads images. Members read them; owners and admins change them.
 * A key or screenshot of a project the caller is not in is 404.
 */
export const screenshotsContract = {
  upload: screenshots
    .route({
      method: "POST",
      path: "/keys/{keyId}/screenshots",
      successStatus: 201,
      successDescription: "Created",
      summary: "Upload a screenshot of a key (multipart: file), linked to the key as a whole image",
      description:
        "The type is decided from the bytes only (PNG, JPEG or WebP; the part's Content-Type, if any, must agree). At most SCREENSHOT_MAX_BYTES (5 MB) and 40 megapixels.",
    })
    .errors({ ...changing, payload_too_large: errorsOf[413] })
    .input(ofKey.extend({ body: uploadScreenshotFormSchema }))
    .output(screenshotSchema),
  listForKey: screenshots
    .route({
      method: "GET",
      path: "/keys/{keyId}/screenshots",
      summary: "A key's screenshots with the key's rectangle on each, most recently linked first",
    })
    .errors(guarded)
    .input(ofKey)
    .output(keyScreenshotListSchema),
  listForProject: screenshots
    .route({
      method: "GET",
      path: "/projects/{projectId}/screenshots",
      summary: "The project's screenshots, newest first, each with the keys it is linked to",
    })
    .errors(guarded)
    .input(z.object({ params: pathParams("projectId") }))
    .output(screenshotListSchema),
  image: screenshots
    .route({
      method: "GET",
      path: "/screenshots/{id}",
      successDescription: "The image, as the type its bytes proved (image/png, image/jpeg or image/webp)",
      summary: "The screenshot's image (sandboxed, nosniff, ETag, private caching)",
    })
    .errors(guarded)
    .input(one)
    .output(fileAnswer("image/png")),
  link: screenshots
    .route({
      method: "PUT",
      path: "/screenshots/{id}/keys",
      summary: "Link the screenshot to keys of its project, each with a rectangle (null: the whole image)",
    })
    .errors(changing)
    .input(one.extend({ body: linkScreenshotBodySchema }))
    .output(screenshotSchema),
  unlink: screenshots
    .route({
      method: "DELETE",
      path: "/screenshots/{id}/keys/{keyId}",
      summary: "Unlink the screenshot from a key (the screenshot stays in the project)",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("id", "keyId") }))
    .output(screenshotSchema),
  remove: screenshots
    .route({
      method: "DELETE",
      path: "/screenshots/{id}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete the screenshot and its links",
    })
    .errors(changing)
    .input(one),
};
