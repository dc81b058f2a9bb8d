import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { screenshotsContract } from "../../shared/contract/screenshots.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/app-env.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { formatByteLimit } from "./image-check.ts";
import type { ScreenshotService } from "./service.ts";

/** Room for the multipart framing around the file (boundaries, part headers, a long file name). */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The upload's own limit, tighter than the app's MAX_UPLOAD_MB: a body that cannot hold a screenshot
 * small enough is refused as it arrives, not read into memory first.
 */
function screenshotBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes + MULTIPART_OVERHEAD,
    onError: () => {
      throw new AppError(
        "payload_too_large",
        `The screenshot is larger than the ${formatByteLimit(maxBytes)} limit`,
      );
    },
  });
}

/**
 * Headers of a served image. The type is the one the bytes proved; `nosniff` stops a browser from
 * guessing another; the sandbox CSP means that even opened on its own the answer can run nothing.
 * The bytes of an id never change, so the ETag (their SHA-256) lets the browser revalidate cheaply;
 * `private` keeps shared caches from storing what only members may see.
 */
function imageHeaders(mime: string, etag: string): Record<string, string> {
  return {
    "content-type": mime,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "content-disposition": "inline",
    "cache-control": "private, max-age=3600",
    etag,
  };
}

/** Screenshots as `screenshotsContract` declares them; the service checks each permission. */
export function screenshotRoutes(screenshots: ScreenshotService, options: { maxBytes: number }) {
  return contractRoutes(screenshotsContract, {
    upload: {
      use: [screenshotBodyLimit(options.maxBytes)],
      handle: async ({ params, body }, c) => {
        const { file } = body;
        const bytes = new Uint8Array(await file.arrayBuffer());
        // A browser's File names the part's Content-Type; it is checked against the bytes, not used.
        const declaredType = file instanceof Blob ? file.type : undefined;
        return screenshots.upload(c.var.user.id, params.keyId, { name: file.name, bytes, declaredType });
      },
    },
    listForKey: async ({ params }, c) => ({
      screenshots: await screenshots.listForKey(c.var.user.id, params.keyId),
    }),
    listForProject: async ({ params }, c) => ({
      screenshots: await screenshots.listForProject(c.var.user.id, params.projectId),
    }),
    image: async ({ params }, c) => {
      const image = await screenshots.image(c.var.user.id, params.id);
      const etag = `"${image.sha256}"`;
      const headers = imageHeaders(image.mime, etag);
      const asked = c.req.header("if-none-match");
      if (asked?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
        return c.body(null, 304, headers);
      }
      return c.body(new Uint8Array(image.data), 200, headers);
    },
    link: ({ params, body }, c) => screenshots.link(c.var.user.id, params.id, body),
    unlink: ({ params }, c) => screenshots.unlink(c.var.user.id, params.id, params.keyId),
    remove: ({ params }, c) => screenshots.remove(c.var.user.id, params.id),
  });
}
