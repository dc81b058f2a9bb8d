import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { openAPIRouteHandler } from "hono-openapi";
import { API_KEY_SECURITY_SCHEME, PUBLIC_API_DOCUMENT_PATH } from "../shared/contract/v1.ts";
import { IN_CONTEXT_CONNECT_PATH } from "../shared/schemas/in-context.ts";
import type { Authorize } from "./api-keys/authorize.ts";
import type { AuthService } from "./auth/service.ts";
import { isDatabaseUnavailable } from "./db/errors.ts";
import { QueryAbandonedError, withQuerySignal } from "./db/query-scope.ts";
import { AppError, errors } from "./errors.ts";
import { apiDocsRoutes } from "./http/api-docs.ts";
import type { AppEnv } from "./http/app-env.ts";
import { authenticate } from "./http/authenticate.ts";
import { requestBodyLimit } from "./http/body-limit.ts";
import { encodedPage, pageFor } from "./http/built-pages.ts";
import { compressAppJson } from "./http/compression.ts";
import { keyProcedureRoutes } from "./http/key-procedures.ts";
import { pathParams } from "./http/path-params.ts";
import { originCheck, securityHeaders } from "./http/security.ts";
import type { Logger } from "./logger.ts";
import { type FeatureModule, publicApiProcedures } from "./modules/feature-module.ts";

export interface AppDeps {
  publicUrl: string;
  maxUploadMb: number;
  maxJsonBodyMb: number;
  logger: Logger;
  staticDir: string;
  /** The one session check for every route not in PUBLIC_ROUTES. */
  authService: AuthService;
  /** The features, in the order their routes are mounted. */
  modules: readonly FeatureModule[];
  /** THE check of a project API key, for the modules' public API procedures. */
  authorize: Authorize;
}

/**
 * The API routes that answer without a session; every other one needs it (401). The pull API and
 * billing webhooks are authorized by an API key and a signature, before the origin check.
 */
const PUBLIC_ROUTES = [
  "POST /api/auth/code",
  "POST /api/auth/verify",
  "POST /api/auth/sign-out",
  "GET /api/auth/session",
  // The link mailed to a new e-mail address may be opened signed out, or in another browser.
  "POST /api/profile/email/confirm",
  "GET /api/openapi.json",
  `GET /api${PUBLIC_API_DOCUMENT_PATH}`,
  "GET /api/docs",
  "GET /api/docs/scalar.js",
];

function toAppError(error: unknown, logger: Logger): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 400) return new AppError("bad_request", "Malformed JSON in request body");
    if (error.status === 413) return new AppError("payload_too_large", "Request body too large");
    if (error.status === 401) return new AppError("unauthorized", "User not authenticated");
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: a warning that names it, and the request handler's own error line.
    logger.warn({ err: error }, "database unavailable");
    return errors.databaseUnavailable();
  }
  logger.error({ err: error }, "unhandled error");
  return new AppError("internal", "An unexpected error occurred. Please try again.");
}

/**
 * /api/v1: the modules' routes for CI and scripts, authorized by a project API key, and their own
 * OpenAPI 3.1 document, from the same contract (src/shared/contract/v1.ts) the routes are built on.
 */
function publicApi(modules: readonly FeatureModule[], authorize: Authorize, maxJsonBodyMb: number) {
  const v1 = new Hono<AppEnv>();
  for (const module of modules) if (module.publicApiRoutes) v1.route("/", module.publicApiRoutes);
  v1.route("/", keyProcedureRoutes(publicApiProcedures(modules), { authorize, maxJsonBodyMb }));
  v1.get(
    PUBLIC_API_DOCUMENT_PATH,
    openAPIRouteHandler(v1, {
      documentation: {
        openapi: "3.1.0",
        info: {
          title: "Sprog public API",
          version: "1.0.0",
          description:
            'For CI/CD and scripts: pull and push translation files, the project\'s status and key names, and its webhooks. Every request carries a project API key (Project Settings → API Access) in the `x-api-key` header; each endpoint names the scope the key needs. Errors: `{ "error": { "code", "message" } }`. Rate limit: 60 requests a minute per key and scope.',
        },
        servers: [{ url: "/api" }],
        components: { securitySchemes: API_KEY_SECURITY_SCHEME },
      },
      exclude: [PUBLIC_API_DOCUMENT_PATH],
    }),
  );
  return v1;
}

export function buildApp({
  publicUrl,
  maxUploadMb,
  maxJsonBodyMb,
  logger,
  staticDir,
  authService,
  modules,
  authorize,
}: AppDeps) {
  // Filled once the routes below exist; the path check reads it at the first request.
  let apiRoutes: { path: string }[] = [];
  const api = new Hono<AppEnv>();
  // Authorized by an API key or a provider's signature, not a cookie: they answer before the check.
  api.route("/", publicApi(modules, authorize, maxJsonBodyMb));
  for (const module of modules) if (module.signedRoutes) api.route("/", module.signedRoutes);
  api
    .use("*", originCheck([publicUrl]))
    .use("*", requestBodyLimit({ jsonMb: maxJsonBodyMb, uploadMb: maxUploadMb }))
    .use(
      "*",
      pathParams(() => apiRoutes, "/api"),
    )
    .use("*", authenticate(authService, PUBLIC_ROUTES, "/api"));
  for (const module of modules) if (module.requestScope) api.use("*", module.requestScope);
  for (const module of modules) if (module.routes) api.route("/", module.routes);

  api.get(
    "/openapi.json",
    openAPIRouteHandler(api, {
      documentation: {
        info: { title: "Sprog API", version: "0.1.0", description: "The API behind the Sprog web app." },
        servers: [{ url: "/api" }],
      },
      // The public API has its own document (/api/v1/openapi.json), with its security scheme.
      exclude: [/^\/v1\//],
    }),
  );
  api.route("/", apiDocsRoutes());
  apiRoutes = api.routes;
  api.all("*", () => {
    throw new AppError("not_found", "No such API endpoint");
  });

  const app = new Hono();
  app.use("*", async (c, next) => {
    const started = performance.now();
    // A client that goes away stops its request's work: its next query fails instead of running.
    await withQuerySignal(c.req.raw.signal, next);
    logger.debug(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  const strictHeaders = securityHeaders();
  app.use("*", (c, next) => (c.req.path === "/api/docs" ? next() : strictHeaders(c, next)));
  // The in-context popup hands its token to the app page that opened it (window.opener): a
  // same-origin opener policy would cut that tie. Its page sends nothing but to that one origin.
  app.use(IN_CONTEXT_CONNECT_PATH, async (c, next) => {
    await next();
    c.res.headers.set("cross-origin-opener-policy", "unsafe-none");
  });
  app.use("/api/*", compressAppJson());
  app.route("/api", api);
  // Outside /api: the pull API's compatible alias and the CLI for CI (before the SPA fallback).
  for (const module of modules) if (module.rootRoutes) app.route("/", module.rootRoutes);

  app.onError((error, c) => {
    // Whatever failed after the client went away (better-auth, say, wraps the abandoned read in its
    // own error) failed for nobody.
    if (error instanceof QueryAbandonedError || c.req.raw.signal.aborted) {
      logger.debug({ path: c.req.path }, "request abandoned by its client");
      // Nobody reads it: nginx's "client closed request".
      return new Response(null, { status: 499 });
    }
    const appError = toAppError(error, logger);
    if (appError.status >= 500) logger.error({ err: error, path: c.req.path }, "request failed");
    if (appError.retryAfterSeconds) c.header("retry-after", String(appError.retryAfterSeconds));
    // The rest of a too-large upload is never read: the connection cannot carry another request.
    if (appError.status === 413) c.header("connection", "close");
    return c.json(appError.toBody(), appError.status);
  });

  // Source maps stay on the server's disk: served, they would publish the whole web source.
  app.use("*", async (c, next) => {
    if (c.req.path.endsWith(".map")) return c.text("Not found", 404);
    await next();
  });
  const root = resolve(staticDir);
  const indexPath = join(root, "index.html");
  app.use(
    "/assets/*",
    serveStatic({
      root,
      // The build writes .br and .gz beside each script and stylesheet (scripts/vite/precompress.ts).
      precompressed: true,
      onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
    }),
  );
  // Client routes work on reload: every other GET gets the SPA, in the page built for its address.
  const sendPage = async (c: Context) => {
    if (!existsSync(indexPath)) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("cache-control", "no-cache");
    c.header("vary", "Accept-Encoding");
    const page = encodedPage(pageFor(root, c.req.path), c.req.header("accept-encoding"));
    if (!page.encoding) return c.html(await readFile(page.file, "utf8"));
    c.header("content-encoding", page.encoding);
    c.header("content-type", "text/html; charset=UTF-8");
    return c.body(await readFile(page.file));
  };
  // Before the files: the folder's index.html is not the landing's rendered page.
  app.get("/", sendPage);
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", sendPage);
  return app;
}
