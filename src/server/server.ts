import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createAiQuota } from "./ai/ai-quota.ts";
import { createOpenAIProvider } from "./ai/openai-provider.ts";
import { createPseudoProvider } from "./ai/pseudo-provider.ts";
import { createTranslateService } from "./ai/translate-service.ts";
import { createApiKeyService } from "./api-keys/service.ts";
import { buildApp } from "./app.ts";
import { createAssistService } from "./assist/assist-service.ts";
import { createAuth } from "./auth/auth.ts";
import { createMeService } from "./auth/me-service.ts";
import { loadAuthSecret } from "./auth/secret.ts";
import { createAuthService } from "./auth/service.ts";
import { createBatchService } from "./batch/batch-service.ts";
import { createChunkWorker } from "./batch/chunk-worker.ts";
import { createBillingService } from "./billing/billing-service.ts";
import { billingProviderFromConfig } from "./billing/stripe-provider.ts";
import { createWebhookHandler } from "./billing/webhooks.ts";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createEventBus } from "./events/event-bus.ts";
import { createStreamWatch, DEFAULT_STREAM_WATCH_LIMITS } from "./events/stream-watch.ts";
import { type Clock, databaseCounters, RateLimiter, systemClock } from "./http/rate-limit.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { createKeyService } from "./keys/service.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { createMemoryService } from "./memory/memory-service.ts";
import { createProfileService } from "./profiles/service.ts";
import { createProjectService } from "./projects/service.ts";
import { createPullService } from "./pull/service.ts";
import { createReviewService } from "./reviews/service.ts";
import { createStringService } from "./strings/service.ts";
import { createAccess } from "./teams/access.ts";
import { createInviteService } from "./teams/invite-service.ts";
import { createMemberService } from "./teams/member-service.ts";
import { createTeamService } from "./teams/service.ts";
import { createToneService } from "./tone/service.ts";
import { createExportService } from "./transfer/export-service.ts";
import { createFormatWorkers } from "./transfer/format-workers.ts";
import { createImportService } from "./transfer/import-service.ts";

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  /** Every method and path the app answers (middleware excluded): the route × role test walks them. */
  routes: { method: string; path: string }[];
  stop(): Promise<void>;
}

export interface ServerOptions {
  logger?: Logger;
  /** Time for the rate limits; tests pass their own to step over waits. */
  clock?: Clock;
  staticDir?: string;
}

/** Spec point 9: 3 retries of a chunk whose worker failed or died. */
const BATCH_CHUNK_RETRIES = 3;

const defaultStaticDir = fileURLToPath(new URL("../../dist/web", import.meta.url));

/** Opens the database, migrates it, wires the services and listens. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, logger);
  let stopQueue = async () => {};
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ applied }, "database migrated");

    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, logger);
    const secret = await loadAuthSecret(database.db, config.AUTH_SECRET);
    const auth = createAuth({ db: database.db, publicUrl: config.publicUrl, secret, mailer, logger });
    const counters = databaseCounters(database.db, {
      asyncCommit: database.kind === "postgres",
      // PGlite is one process: a limit hit on every pull is counted in memory, written each second.
      writeBehindMs: database.kind === "pglite" ? 1000 : undefined,
    });
    const limiter = new RateLimiter(counters, options.clock ?? systemClock);
    const aiQuota = createAiQuota(limiter, {
      perMinutePerUser: config.AI_REQUESTS_PER_MINUTE_PER_USER,
      perHourPerUser: config.AI_REQUESTS_PER_HOUR_PER_USER,
      perHourPerTeam: config.AI_REQUESTS_PER_HOUR_PER_TEAM,
    });
    const profiles = createProfileService(database.db);
    const events = await createEventBus({
      db: database.db,
      pglite: database.pglite,
      databaseUrl: config.DATABASE_URL,
      logger,
    });
    const access = createAccess(database.db);
    const domain = { db: database.db, access, events };
    // Parsing uploads and serializing exports run there, so big ones do not stall other requests.
    const formats = createFormatWorkers();
    const billingProvider = billingProviderFromConfig(config);
    logger.info({ provider: billingProvider?.name ?? "none" }, "billing provider");
    const billing = createBillingService({
      db: database.db,
      access,
      provider: billingProvider,
      publicUrl: config.publicUrl,
      trialDays: config.BILLING_TRIAL_DAYS,
      logger,
    });
    // A deleted team's subscription is cancelled, so nobody is billed for a team that is gone.
    const teams = createTeamService({
      ...domain,
      logger,
      prepareTeamDeletion: (teamId) => billing.prepareTeamDeletion(teamId),
    });
    // Every member is a paid seat: joining or leaving a team sets its subscription's quantity.
    const onMembersChanged = (teamId: string) => billing.syncSeats(teamId);
    const invites = createInviteService({
      db: database.db,
      access,
      mailer,
      publicUrl: config.publicUrl,
      logger,
      limiter,
      limits: {
        perHourPerUser: config.INVITES_PER_HOUR_PER_USER,
        perDayPerTeam: config.INVITES_PER_DAY_PER_TEAM,
        perDayPerAddress: config.INVITES_PER_DAY_PER_ADDRESS,
      },
      onMembersChanged,
    });
    const memory = createMemoryService({ db: database.db, access, logger });
    const strings = createStringService(domain);
    const provider = config.AI_API_KEY
      ? createOpenAIProvider({
          apiKey: config.AI_API_KEY,
          baseURL: config.AI_BASE_URL,
          model: config.AI_MODEL,
        })
      : createPseudoProvider();
    logger.info({ provider: provider.name, model: provider.model }, "AI provider");
    const queue = await createJobQueue(database, {
      databaseUrl: config.DATABASE_URL,
      logger,
      settings: { "batch-translate-chunk": { retryLimit: BATCH_CHUNK_RETRIES, heartbeatSeconds: 10 } },
    });
    stopQueue = () => queue.stop();
    const chunkWorker = createChunkWorker({
      db: database.db,
      events,
      provider,
      logger,
      examples: (request) => memory.examplesFor(request),
    });
    await queue.work("batch-translate-chunk", config.AI_BATCH_CONCURRENCY, async (job) => {
      try {
        await chunkWorker.processChunk(job.data.batchId, job.data.chunk);
      } catch (error) {
        logger.error({ err: error, ...job.data, attempt: job.retryCount }, "batch chunk failed");
        if (job.retryCount >= BATCH_CHUNK_RETRIES) {
          await chunkWorker.failChunk(job.data.batchId, job.data.chunk, (error as Error).message);
          return;
        }
        throw error;
      }
    });
    const apiKeys = createApiKeyService({ db: database.db, access });
    const streamWatch = createStreamWatch({
      limits: { ...DEFAULT_STREAM_WATCH_LIMITS, maxPerUser: config.MAX_EVENT_STREAMS_PER_USER },
      logger,
    });
    events.subscribeAccessChanges((change) => streamWatch.accessChanged(change));
    const services = {
      auth: createAuthService({
        auth,
        limiter,
        logger,
        onSignedIn: (user) => invites.acceptPending(user),
        onSignedOut: (user) => events.accessChanged({ userId: user.id }),
      }),
      me: createMeService({ profiles, teams }),
      profiles,
      teams,
      members: createMemberService({
        db: database.db,
        access,
        onMembersChanged,
        // Their open event streams end now, on every server process, not at the next re-check.
        onAccessEnded: (change) =>
          events.accessChanged(change).catch((error: unknown) => {
            logger.warn({ err: error, ...change }, "after member removal: ending event streams failed");
          }),
      }),
      invites,
      access,
      events,
      streamWatch,
      projects: createProjectService(domain),
      keys: createKeyService(domain),
      strings,
      translate: createTranslateService({
        db: database.db,
        access,
        strings,
        provider,
        logger,
        examples: (request) => memory.examplesFor(request),
        aiQuota,
      }),
      assist: createAssistService({ db: database.db, access, provider, logger, aiQuota }),
      tone: createToneService(domain),
      memory,
      batch: createBatchService({ ...domain, queue, provider, aiQuota }),
      imports: createImportService({ ...domain, formats }),
      exports: createExportService({ ...domain, formats }),
      apiKeys,
      reviews: createReviewService(domain),
      billing,
      billingWebhooks: createWebhookHandler({ db: database.db, provider: billingProvider, billing, logger }),
      pull: createPullService({
        db: database.db,
        apiKeys,
        limiter,
        events,
        requestsPerMinute: config.PULL_RATE_LIMIT_PER_MINUTE,
      }),
    };
    const app = buildApp({
      publicUrl: config.publicUrl,
      maxUploadMb: config.MAX_UPLOAD_MB,
      maxJsonBodyMb: config.MAX_JSON_BODY_MB,
      logger,
      staticDir: options.staticDir ?? defaultStaticDir,
      services,
    });

    const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    const port = (server.address() as AddressInfo).port;
    const url = `http://localhost:${port}`;
    logger.info({ url, publicUrl: config.publicUrl }, `Sprog is listening on ${url}`);

    const routes = new Map(
      app.routes
        .filter((route) => route.method !== "ALL")
        .map((route) => [`${route.method} ${route.path}`, { method: route.method, path: route.path }]),
    );
    return {
      url,
      port,
      database,
      routes: [...routes.values()],
      async stop() {
        // Open event streams would otherwise keep close() waiting forever.
        (server as import("node:http").Server).closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await queue.stop();
        await events.close();
        mailer.close();
        await formats.close();
        await limiter
          .flush()
          .catch((error: unknown) => logger.error({ err: error }, "rate limits not written"));
        await database.close();
      },
    };
  } catch (error) {
    await stopQueue().catch(() => {});
    await database.close();
    throw error;
  }
}
