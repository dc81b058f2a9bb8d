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

/** Scheme, host and port as a browser writes them (default port left out), or undefined (`null`). */
function originOf(text: string): string | undefined {
  try {
    const origin = new URL(text).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Cross-site request forgery guard: a browser always sends `Origin` on a state-changing fetch, so
 * one that is not a trusted origin is refused. Clients that are not browsers (CLI, CI) send no
 * `Origin` and authenticate otherwise.
 *
 * An origin is scheme, host and port, compared whole (issue 32: `https://host` passed on an http
 * server, and `http://host` where PUBLIC_URL is https). Trusted are the first origin given
 * (PUBLIC_URL's), the others given, and the address the request was sent to (its Host header, on
 * the scheme this server was reached by) when that scheme is PUBLIC_URL's: `npm start` answers on
 * 127.0.0.1 as well as localhost, while behind an https proxy a page on plain http is never trusted.
 */
export function originCheck(trustedOrigins: string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  const publicScheme = trustedOrigins[0] === undefined ? undefined : new URL(trustedOrigins[0]).protocol;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (!origin) return next();
    const given = originOf(origin);
    if (given !== undefined && trusted.has(given)) return next();
    const scheme = new URL(c.req.url).protocol;
    const host = c.req.header("host");
    if (given !== undefined && host && scheme === publicScheme && given === originOf(`${scheme}//${host}`)) {
      return next();
    }
    throw new AppError("forbidden", "Cross-origin request refused");
  };
}
