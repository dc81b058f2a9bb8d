import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { AppError } from "../errors.ts";

/** `extraScriptSrc`: sources a page needs beyond our own files, e.g. the hash of an inline script. */
export const securityHeaders = (extraScriptSrc: string[] = []) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...extraScriptSrc],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
    // A route that sets a stricter header of its own keeps it (a screenshot's sandboxed CSP).
    overwrite: false,
  });

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a browser always sends `Origin` on a state-changing fetch, so
 * one that is neither our public URL nor the host the request was sent to is refused. Clients
 * that are not browsers (CLI, CI) send no `Origin` and authenticate otherwise.
 */
export function originCheck(trustedOrigins: string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (!origin) return next();
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError("forbidden", "Cross-origin request refused");
    }
    if (trusted.has(origin) || host === c.req.header("host")) return next();
    throw new AppError("forbidden", "Cross-origin request refused");
  };
}
