import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { activityModule } from "./activity/module.ts";
import { createAiQuota } from "./ai/ai-quota.ts";
import { createAiBudget, createUsageRecorder } from "./ai/ai-usage.ts";
import { aiModule } from "./ai/module.ts";
import { createOpenAIProvider } from "./ai/openai-provider.ts";
import { createPseudoProvider } from "./ai/pseudo-provider.ts";
import { apiKeysModule } from "./api-keys/module.ts";
import { buildApp } from "./app.ts";
import { assistModule } from "./assist/module.ts";
import { authModule } from "./auth/module.ts";
import { batchModule } from "./batch/module.ts";
import { billingModule } from "./billing/module.ts";
import { branchesModule } from "./branches/module.ts";
import { commentsModule } from "./comments/module.ts";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createEventBus } from "./events/event-bus.ts";
import { eventsModule } from "./events/module.ts";
import { glossaryModule } from "./glossary/module.ts";
import { type Clock, databaseCounters, RateLimiter, systemClock } from "./http/rate-limit.ts";
import { inContextModule } from "./in-context/module.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { keysModule } from "./keys/module.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { mcpModule } from "./mcp/module.ts";
import { memoryModule } from "./memory/module.ts";
import { type Core, type FeatureModule, publicApiProcedures } from "./modules/feature-module.ts";
import { profilesModule } from "./profiles/module.ts";
import { projectsModule } from "./projects/module.ts";
import { pullModule } from "./pull/module.ts";
import { pushModule } from "./push/module.ts";
import { qualityModule } from "./quality/module.ts";
import { requestTeamRecheck } from "./quality/recheck.job.ts";
import { releasesModule } from "./releases/module.ts";
import { reviewsModule } from "./reviews/module.ts";
import { screenshotsModule } from "./screenshots/module.ts";
import { ssoModule } from "./sso/module.ts";
import { stringsModule } from "./strings/module.ts";
import { createAccess } from "./teams/access.ts";
import { teamsModule } from "./teams/module.ts";
import { toneModule } from "./tone/module.ts";
import { createFormatWorkers } from "./transfer/format-workers.ts";
import { transferModule } from "./transfer/module.ts";
import { usageModule } from "./usage/module.ts";
import { webhooksModule } from "./webhooks/module.ts";
import { createWebhookDispatch, withWebhooks } from "./webhooks/webhook-dispatch.ts";

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

const defaultStaticDir = fileURLToPath(new URL("../../dist/web", import.meta.url));

/** Opens the database, migrates it, wires the services and listens. */
/** How long an idle keep-alive connection stays open (longer than the 60 s proxies keep theirs). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, logger);
  let stopQueue = async () => {};
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ applied }, "database migrated");

    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, logger);
    const counters = databaseCounters(database.db);
    const limiter = new RateLimiter(counters, options.clock ?? systemClock);
    // AI_MONTHLY_TOKEN_LIMIT: checked before the rate limits of every AI request, and per batch chunk.
    const aiBudget = createAiBudget(database.db, config.AI_MONTHLY_TOKEN_LIMIT);
    const aiQuota = createAiQuota(
      limiter,
      {
        perMinutePerUser: config.AI_REQUESTS_PER_MINUTE_PER_USER,
        perHourPerUser: config.AI_REQUESTS_PER_HOUR_PER_USER,
        perHourPerTeam: config.AI_REQUESTS_PER_HOUR_PER_TEAM,
      },
      aiBudget,
    );
    const events = await createEventBus({
      db: database.db,
      databaseUrl: database.url,
      logger,
    });
    // Parsing uploads and serializing exports run there, so big ones do not stall other requests.
    const formats = createFormatWorkers();
    // Every AI call adds its tokens and characters to its team's month (the Team screen's 'Usage').
    const recordUsage = createUsageRecorder(database.db, logger);
    const provider = config.AI_API_KEY
      ? createOpenAIProvider({
          apiKey: config.AI_API_KEY,
          baseURL: config.AI_BASE_URL,
          model: config.AI_MODEL,
          recordUsage,
        })
      : createPseudoProvider({ recordUsage });
    logger.info({ provider: provider.name, model: provider.model }, "AI provider");
    const queue = await createJobQueue(database, { logger });
    stopQueue = () => queue.stop();
    // Every feature publishes through this: each change's webhook deliveries are queued where it
    // was made (once), not by listeners on every server process.
    const webhookDispatch = createWebhookDispatch({ db: database.db, queue, logger });
    const core: Core = {
      config,
      database,
      db: database.db,
      logger,
      access: createAccess(database.db),
      events: withWebhooks(events, webhookDispatch, logger),
      limiter,
      aiQuota,
      aiBudget,
      mailer,
      provider,
      formats,
      queue,
    };

    // The features, in the order their routes are mounted; a feature given another's service
    // names it as a dependency.
    const billing = billingModule(core);
    const profiles = profilesModule(core);
    const teams = teamsModule(core, { billing: billing.billing });
    const sso = await ssoModule(core);
    const auth = await authModule(core, {
      profiles: profiles.profiles,
      teams: teams.teams,
      invites: teams.invites,
      sso: sso.signIn,
      onMembersChanged: (teamId) => billing.billing.syncSeats(teamId),
    });
    const memory = memoryModule(core);
    const strings = stringsModule(core, { memory: memory.memory });
    const apiKeys = apiKeysModule(core);
    const quality = qualityModule(core);
    const branches = branchesModule(core, { dispatch: webhookDispatch });
    const pull = pullModule(core, { authorize: apiKeys.authorize, branches: branches.branches });
    const releases = releasesModule(core, { branches: branches.branches });
    const screenshots = screenshotsModule(core);
    const modules: FeatureModule[] = [
      auth,
      profiles,
      teams,
      sso,
      projectsModule(core),
      keysModule(core),
      strings,
      aiModule(core, { strings: strings.strings, memory: memory.memory }),
      batchModule(core, { memory: memory.memory, branchOf: branches.branches.scopeForJob }),
      transferModule(core),
      assistModule(core),
      memory,
      toneModule(core),
      // The stored quality checks follow the glossary (checked again in the background).
      glossaryModule(core, { onChanged: (trx, teamId) => requestTeamRecheck(trx, queue, teamId) }),
      apiKeys,
      reviewsModule(core, { onCompleted: releases.publishOnReview }),
      commentsModule(core),
      eventsModule(core, { authService: auth.authService }),
      billing,
      pull,
      pushModule(core, { authorize: apiKeys.authorize, branches: branches.branches }),
      branches,
      webhooksModule(core, { dispatch: webhookDispatch, authorize: apiKeys.authorize }),
      screenshots,
      releases,
      inContextModule(core, { strings: strings.strings, screenshots: screenshots.screenshots }),
      quality,
      usageModule(core),
      activityModule(core),
    ];
    // Last: the agents' tools are the other modules' public API procedures.
    modules.push(
      mcpModule(core, {
        gate: apiKeys.gate,
        apiKeys: apiKeys.apiKeys,
        procedures: publicApiProcedures(modules),
      }),
    );
    for (const job of modules.flatMap((module) => module.jobs ?? [])) await queue.work(job);
    for (const module of modules) module.start?.();
    const app = buildApp({
      publicUrl: config.publicUrl,
      maxUploadMb: config.MAX_UPLOAD_MB,
      maxJsonBodyMb: config.MAX_JSON_BODY_MB,
      logger,
      staticDir: options.staticDir ?? defaultStaticDir,
      authService: auth.authService,
      modules,
      authorize: apiKeys.authorize,
    });

    const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
    // An idle keep-alive connection is closed by its client, not here: Node's 5 s default closed
    // sockets a client was reusing at that moment (ECONNRESET seen under load), and a proxy or load
    // balancer in front keeps its idle connections about 60 s, so the server's must outlast them.
    const http = server as import("node:http").Server;
    http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    http.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
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
        for (const module of [...modules].reverse()) await module.stop?.();
        await queue.stop();
        await events.close();
        mailer.close();
        await formats.close();
        await database.close();
      },
    };
  } catch (error) {
    await stopQueue().catch(() => {});
    await database.close();
    throw error;
  }
}
