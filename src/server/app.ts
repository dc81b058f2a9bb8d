import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { openAPIRouteHandler } from "hono-openapi";
import { aiRoutes } from "./ai/routes.ts";
import type { TranslateService } from "./ai/translate-service.ts";
import { apiKeyRoutes } from "./api-keys/routes.ts";
import type { ApiKeyService } from "./api-keys/service.ts";
import type { AssistService } from "./assist/assist-service.ts";
import { assistRoutes } from "./assist/routes.ts";
import type { MeService } from "./auth/me-service.ts";
import { authRoutes } from "./auth/routes.ts";
import type { AuthService } from "./auth/service.ts";
import type { BatchService } from "./batch/batch-service.ts";
import { batchRoutes } from "./batch/routes.ts";
import type { BillingService } from "./billing/billing-service.ts";
import { billingRoutes, billingWebhookRoutes } from "./billing/routes.ts";
import type { WebhookHandler } from "./billing/webhooks.ts";
import { isDatabaseUnavailable } from "./db/errors.ts";
import { AppError, errors } from "./errors.ts";
import type { EventBus } from "./events/event-bus.ts";
import { eventRoutes } from "./events/routes.ts";
import type { StreamWatch } from "./events/stream-watch.ts";
import { apiDocsRoutes } from "./http/api-docs.ts";
import type { AppEnv } from "./http/app-env.ts";
import { authenticate } from "./http/authenticate.ts";
import { requestBodyLimit } from "./http/body-limit.ts";
import { pathParams } from "./http/path-params.ts";
import { originCheck, securityHeaders } from "./http/security.ts";
import { keyRoutes } from "./keys/routes.ts";
import type { KeyService } from "./keys/service.ts";
import type { Logger } from "./logger.ts";
import type { MemoryService } from "./memory/memory-service.ts";
import { memoryRoutes } from "./memory/routes.ts";
import { profileRoutes } from "./profiles/routes.ts";
import type { ProfileService } from "./profiles/service.ts";
import { projectRoutes } from "./projects/routes.ts";
import type { ProjectService } from "./projects/service.ts";
import { cliRoutes, PULL_ALIAS_PATH, pullRoutes } from "./pull/routes.ts";
import type { PullService } from "./pull/service.ts";
import { reviewRoutes } from "./reviews/routes.ts";
import type { ReviewService } from "./reviews/service.ts";
import { stringRoutes } from "./strings/routes.ts";
import type { StringService } from "./strings/service.ts";
import type { Access } from "./teams/access.ts";
import type { InviteService } from "./teams/invite-service.ts";
import type { MemberService } from "./teams/member-service.ts";
import { teamRoutes } from "./teams/routes.ts";
import type { TeamService } from "./teams/service.ts";
import { toneRoutes } from "./tone/routes.ts";
import type { ToneService } from "./tone/service.ts";
import type { ExportService } from "./transfer/export-service.ts";
import type { ImportService } from "./transfer/import-service.ts";
import { transferRoutes } from "./transfer/routes.ts";

export interface AppDeps {
  publicUrl: string;
  maxUploadMb: number;
  maxJsonBodyMb: number;
  logger: Logger;
  staticDir: string;
  services: {
    auth: AuthService;
    me: MeService;
    profiles: ProfileService;
    teams: TeamService;
    members: MemberService;
    invites: InviteService;
    access: Access;
    projects: ProjectService;
    keys: KeyService;
    strings: StringService;
    translate: TranslateService;
    batch: BatchService;
    imports: ImportService;
    exports: ExportService;
    assist: AssistService;
    memory: MemoryService;
    tone: ToneService;
    events: EventBus;
    streamWatch: StreamWatch;
    apiKeys: ApiKeyService;
    reviews: ReviewService;
    pull: PullService;
    billing: BillingService;
    billingWebhooks: WebhookHandler;
  };
}

/**
 * The API routes that answer without a session; every other one needs it (401). The pull API and
 * billing webhooks are authorized by an API key and a signature, before the origin check.
 */
const PUBLIC_ROUTES = [
  "POST /api/auth/code",
  "POST /api/auth/verify",
  "POST /api/auth/sign-out",
  "GET /api/openapi.json",
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

export function buildApp({ publicUrl, maxUploadMb, maxJsonBodyMb, logger, staticDir, services }: AppDeps) {
  // Filled once the routes below exist; the path check reads it at the first request.
  let apiRoutes: { path: string }[] = [];
  const api = new Hono<AppEnv>()
    // The pull API is authorized by an API key, not a cookie: it answers before the origin check.
    .route("/", pullRoutes(services.pull))
    // Billing webhooks are authorized by the provider's signature, not a cookie: before the check too.
    .route("/", billingWebhookRoutes(services.billingWebhooks))
    .use("*", originCheck([publicUrl]))
    .use("*", requestBodyLimit({ jsonMb: maxJsonBodyMb, uploadMb: maxUploadMb }))
    .use(
      "*",
      pathParams(() => apiRoutes, "/api"),
    )
    .use("*", authenticate(services.auth, PUBLIC_ROUTES, "/api"))
    .route("/", authRoutes(services.auth, services.me))
    .route("/", profileRoutes(services.profiles))
    .route("/", teamRoutes(services.teams, services.members, services.invites))
    .route("/", projectRoutes(services.projects))
    .route("/", keyRoutes(services.keys))
    .route("/", stringRoutes(services.strings))
    .route("/", aiRoutes(services.translate))
    .route("/", batchRoutes(services.batch))
    .route("/", transferRoutes(services))
    .route("/", assistRoutes(services.assist))
    .route("/", memoryRoutes(services.memory))
    .route("/", toneRoutes(services.tone))
    .route("/", apiKeyRoutes(services.apiKeys))
    .route("/", reviewRoutes(services.reviews))
    .route("/", eventRoutes(services.auth, services.access, services.events, services.streamWatch))
    .route("/", billingRoutes(services.billing));

  api.get(
    "/openapi.json",
    openAPIRouteHandler(api, {
      documentation: {
        info: { title: "Sprog API", version: "0.1.0", description: "The API behind the Sprog web app." },
        servers: [{ url: "/api" }],
      },
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
    await next();
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
  app.route("/api", api);
  // The spec's path of the pull API, and the CLI for CI to download (before the SPA fallback).
  app.route("/", pullRoutes(services.pull, PULL_ALIAS_PATH));
  app.route("/", cliRoutes());

  app.onError((error, c) => {
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
      onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("*", serveStatic({ root }));
  // Client routes work on reload: every other GET gets the SPA.
  app.get("*", async (c) => {
    if (!existsSync(indexPath)) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("cache-control", "no-cache");
    return c.html(await readFile(indexPath, "utf8"));
  });
  return app;
}
