import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { inContextContract } from "../../shared/contract/in-context.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/app-env.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { formatByteLimit } from "../screenshots/image-check.ts";
import type { InContextService } from "./service.ts";

/** A saved text's body: 100,000 characters of up to 4 bytes, and the JSON around them. */
const MAX_TEXT_BODY_BYTES = 512 * 1024;
/** Room for the multipart framing around the screenshot. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * What an app page on another origin needs to call these routes with its token: the page's origin
 * is echoed (no cookies are read, so this exposes nothing a token does not already give), and a
 * preflight is answered for any origin; each request then checks its origin against its token's.
 */
export function inContextCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin) {
      c.header("access-control-allow-origin", origin);
      c.header("vary", "origin");
      c.header("cross-origin-resource-policy", "cross-origin");
    }
    if (c.req.method === "OPTIONS") {
      c.header("access-control-allow-methods", "GET, PUT, POST");
      c.header("access-control-allow-headers", "authorization, content-type");
      c.header("access-control-max-age", "600");
      return c.body(null, 204);
    }
    await next();
  };
}

/** The session route that makes a token (the popup on Sprog, for the signed-in person). */
export function inContextSessionRoutes(inContext: InContextService) {
  const { createToken } = inContextContract;
  return contractRoutes(
    { createToken },
    {
      createToken: ({ params, body }, c) =>
        inContext.createToken(c.var.user.id, params.projectId, body.origin),
    },
  );
}

/** The app page's routes: `Authorization: Bearer` with an in-context token, from its origin. */
export function inContextPageRoutes(inContext: InContextService, options: { maxScreenshotBytes: number }) {
  const { keys, save, screenshot } = inContextContract;
  const grant: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set("inContext", await inContext.authenticate(c.req.header("authorization"), c.req.header("origin")));
    await next();
  };
  const screenshotLimit = bodyLimit({
    maxSize: options.maxScreenshotBytes + MULTIPART_OVERHEAD,
    onError: () => {
      throw new AppError(
        "payload_too_large",
        `The screenshot is larger than the ${formatByteLimit(options.maxScreenshotBytes)} limit`,
      );
    },
  });
  // These routes answer before the session API's body limit: a text is at most 100,000 characters.
  const textLimit = bodyLimit({
    maxSize: MAX_TEXT_BODY_BYTES,
    onError: () => {
      throw new AppError("payload_too_large", "Request body too large");
    },
  });
  const routes = contractRoutes(
    { keys, save, screenshot },
    {
      keys: {
        use: [grant],
        handle: ({ query }, c) => {
          const names = [
            ...new Set(
              query.names
                .split(",")
                .map((name) => name.trim())
                .filter(Boolean),
            ),
          ];
          return inContext.keys(c.var.inContext, names, query.language);
        },
      },
      save: {
        use: [textLimit, grant],
        handle: ({ params, body }, c) => inContext.save(c.var.inContext, params.keyId, params.lang, body),
      },
      screenshot: {
        use: [screenshotLimit, grant],
        handle: async ({ params, body }, c) => {
          const { file, x, y, width, height } = body;
          const bytes = new Uint8Array(await file.arrayBuffer());
          const declaredType = file instanceof Blob ? file.type : undefined;
          return inContext.screenshot(
            c.var.inContext,
            params.keyId,
            { name: file.name, bytes, declaredType },
            { x, y, width, height },
          );
        },
      },
    },
  );
  return routes;
}
