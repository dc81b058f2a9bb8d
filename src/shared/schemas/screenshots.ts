import { z } from "zod";
import { multipartBody, uploadedFile } from "../contract/media.ts";

/** The types a screenshot can be: what its bytes proved on upload (never what the client said). */
export const screenshotMimeSchema = z.enum(["image/png", "image/jpeg", "image/webp"]);
export type ScreenshotMime = z.infer<typeof screenshotMimeSchema>;

export const SCREENSHOT_NAME_MAX = 200;
/** Keys one link request may name. */
export const SCREENSHOT_LINKS_MAX = 200;

export const MISSING_SCREENSHOT_FILE = "Choose a PNG, JPEG or WebP image to upload";

/** Where a key's text is on the image, in image pixels; null on a link: the whole image. */
export const screenshotRectSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type ScreenshotRect = z.infer<typeof screenshotRectSchema>;

/** One key a screenshot shows, and where. */
export const screenshotLinkSchema = z.object({
  keyId: z.string(),
  rect: screenshotRectSchema.nullable(),
});
export type ScreenshotLink = z.infer<typeof screenshotLinkSchema>;

/** A screenshot with every key it is linked to (the project's list, an upload, a change of links). */
export const screenshotSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  mime: screenshotMimeSchema,
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
  createdAt: z.string(),
  /** Where the image is served (with the session cookie): `/api/screenshots/{id}`. */
  url: z.string(),
  keys: z.array(screenshotLinkSchema),
});
export type Screenshot = z.infer<typeof screenshotSchema>;
export const screenshotListSchema = z.object({ screenshots: z.array(screenshotSchema) });
export type ScreenshotList = z.infer<typeof screenshotListSchema>;

/** A screenshot as one key sees it: its rectangle for that key. Most recently linked first. */
export const keyScreenshotSchema = screenshotSchema
  .pick({ id: true, name: true, mime: true, width: true, height: true, createdAt: true, url: true })
  .extend({ rect: screenshotRectSchema.nullable() });
export type KeyScreenshot = z.infer<typeof keyScreenshotSchema>;
export const keyScreenshotListSchema = z.object({ screenshots: z.array(keyScreenshotSchema) });

/** The upload: one image file (multipart field `file`). */
export const uploadScreenshotFormSchema = multipartBody(
  z.object({ file: uploadedFile(MISSING_SCREENSHOT_FILE) }),
);
export type UploadScreenshotForm = z.input<typeof uploadScreenshotFormSchema>;

/** Links to add or change (a key already linked gets the rectangle given here). */
export const linkScreenshotBodySchema = z.object({
  links: z
    .array(screenshotLinkSchema.extend({ keyId: z.uuid("Not a valid key id") }))
    .min(1, "Choose at least one key")
    .max(SCREENSHOT_LINKS_MAX, `At most ${SCREENSHOT_LINKS_MAX} keys at once`)
    .refine(
      (links) => new Set(links.map((link) => link.keyId)).size === links.length,
      "A key is named twice",
    ),
});
export type LinkScreenshotBody = z.infer<typeof linkScreenshotBodySchema>;
