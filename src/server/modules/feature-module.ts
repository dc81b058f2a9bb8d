import type { Hono, MiddlewareHandler } from "hono";
import type { Kysely } from "kysely";
import type { AiQuota } from "../ai/ai-quota.ts";
import type { AiBudget } from "../ai/ai-usage.ts";
import type { TranslationProvider } from "../ai/provider.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { KeyProcedure } from "../http/key-procedures.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import type { JobQueue, JobWorker } from "../jobs/job-queue.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Access } from "../teams/access.ts";
import type { FormatRunner } from "../transfer/format-workers.ts";

/** What every feature is built from: the database, the shared gates and the process's resources. */
export interface Core {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  logger: Logger;
  access: Access;
  events: EventBus;
  limiter: RateLimiter;
  aiQuota: AiQuota;
  /** The teams' monthly AI tokens (AI_MONTHLY_TOKEN_LIMIT), checked again before each batch chunk. */
  aiBudget: AiBudget;
  mailer: Mailer;
  provider: TranslationProvider;
  formats: FormatRunner;
  queue: JobQueue;
}

/**
 * One server feature as the app mounts it. `routes` answer under /api behind the origin check and
 * the one authentication middleware (the session API); `publicApiRoutes` are its part of /api/v1,
 * authorized by a project API key and described by their own OpenAPI document; `signedRoutes`
 * answer under /api before the origin check, authorized by a provider's signature; `rootRoutes`
 * answer outside /api.
 */
export interface FeatureModule {
  name: string;
  routes?: Hono<AppEnv>;
  publicApiRoutes?: Hono<AppEnv>;
  /**
   * Its /api/v1 procedures written once for both faces: the app mounts them as REST routes, and
   * the MCP server offers each with an `operationId` as a tool to a key with its scope.
   */
  keyProcedures?: readonly KeyProcedure[];
  signedRoutes?: Hono<AppEnv>;
  /**
   * Runs before every session API route, once the session is known: puts the request's work in a
   * scope (the branch it names, issue 39).
   */
  requestScope?: MiddlewareHandler<AppEnv>;
  rootRoutes?: Hono<AppEnv>;
  /** Its queues' workers: each queue is made with the worker's settings before it works. */
  jobs?: JobWorker[];
  /** Runs once the job workers of every module run: starts its timers (it must not wait on work). */
  start?: () => void;
  /** Stops its timers and flushes what it holds; modules stop in the reverse of their order. */
  stop?: () => Promise<void>;
}

/** Every module's public API procedures, in module order. */
export function publicApiProcedures(modules: readonly FeatureModule[]): KeyProcedure[] {
  return modules.flatMap((module) => module.keyProcedures ?? []);
}
