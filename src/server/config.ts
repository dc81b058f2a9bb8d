import { z } from "zod";

/**
 * Every environment variable the server reads, validated once at boot. Nothing else reads
 * `process.env`: a bad value stops the server with a message that names the variable.
 */
const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === "postgres:" || url.protocol === "postgresql:";
  } catch {
    return false;
  }
}, "must be a postgres:// or postgresql:// URL");

const smtpUrl = z.string().refine((value) => {
  try {
    return ["smtp:", "smtps:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, "must be an smtp:// or smtps:// URL");

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const httpUrl = z.string().refine((value) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, "must be an http:// or https:// URL");

/** A count of requests per window; every limit is at least 1, so nothing can be switched off by 0. */
const rateLimit = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(fallback));

export const configSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_URL: z.preprocess(emptyToUndefined, postgresUrl.optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  SMTP_URL: z.preprocess(emptyToUndefined, smtpUrl.optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Sprog <no-reply@sprog.local>")),
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  AI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  AI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  AI_MODEL: z.preprocess(emptyToUndefined, z.string().default("gpt-4o-mini")),
  /**
   * Send a key's screenshot with its AI translation (issue 21), for endpoints whose models read
   * images; `0` sends text only (an endpoint that refuses images, or to keep requests small).
   */
  AI_SEND_SCREENSHOTS: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("1")),
  AI_BATCH_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(20).default(3)),
  MAX_UPLOAD_MB: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(1024).default(20)),
  /** Any other request body (JSON); larger ones are refused with 413 before they are read. */
  MAX_JSON_BODY_MB: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(100).default(1)),
  /** Live-event streams (GET /api/projects/:projectId/events) one user may hold open on one server process. */
  MAX_EVENT_STREAMS_PER_USER: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000).default(20),
  ),
  /** Pull API requests one project API key may make per minute. */
  PULL_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(60),
  ),
  /** Invites one user may send per hour (each mails an address the sender chose). */
  INVITES_PER_HOUR_PER_USER: rateLimit(50),
  /** Invites one team may send per day, whoever sends them. */
  INVITES_PER_DAY_PER_TEAM: rateLimit(200),
  /** Invites of one address by one team per day, deleted ones included (an invite and delete loop). */
  INVITES_PER_DAY_PER_ADDRESS: rateLimit(3),
  /**
   * "Mentioned you" e-mails one person gets about one thread (a key and language) per 10 minutes;
   * further mentions of them there are saved and shown, not mailed.
   */
  MENTION_EMAILS_PER_10_MINUTES_PER_THREAD_RECIPIENT: rateLimit(1),
  /** "Mentioned you" e-mails one author's comments may send per hour; more are saved, not mailed. */
  MENTION_EMAILS_PER_HOUR_PER_AUTHOR: rateLimit(20),
  /** AI requests (translate one string, writing assistant, batch start) one user may make per minute. */
  AI_REQUESTS_PER_MINUTE_PER_USER: rateLimit(30),
  /** AI requests one user may make per hour. */
  AI_REQUESTS_PER_HOUR_PER_USER: rateLimit(300),
  /** AI requests one team's members may make per hour together. */
  AI_REQUESTS_PER_HOUR_PER_TEAM: rateLimit(1000),
  /**
   * AI tokens (input + output, as the provider counts them) one team may use per calendar month
   * (UTC, issue 22); once reached, its AI calls are refused until the month ends. Unset: no limit.
   */
  AI_MONTHLY_TOKEN_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  ),
  /** Unset: billing is off and every team has every feature (the self-hosted default). */
  BILLING_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["stripe"]).optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Another Stripe API address (stripe-mock, the tests' local server); unset: Stripe's own. */
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, httpUrl.optional()),
  /** Free trial of a team's first subscription, in days; 0: none. */
  BILLING_TRIAL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(730).default(14)),
  /**
   * 1: webhooks may point at loopback, private, link-local and unique-local addresses (tests, a
   * receiver on the same network). Unset: such URLs are refused, after DNS resolution, so a hook
   * cannot be used to reach the server's own network.
   */
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("0")),
  /** First wait before a failed webhook delivery is retried; each retry doubles it (at most 4 h). */
  WEBHOOK_RETRY_BASE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  ),
  /**
   * Attempts of one webhook delivery, failed with nothing else succeeding meanwhile, after which
   * the hook is turned off and the project owner told (10: about 8.5 h of failures at the default
   * retry base; a delivery still failing after 24 h turns it off too).
   */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
  /**
   * 1: a team's single sign-on issuer, SAML metadata URL and SAML IdP location may be http:// URLs
   * (tests, an identity provider on the developer's machine). Unset: https:// only.
   */
  SSO_ALLOW_HTTP: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("0")),
  /**
   * The DNS servers a team's domain verification asks for its TXT record, as `host` or `host:port`,
   * comma-separated. Unset: the machine's own resolvers.
   */
  DNS_SERVERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((server) => server.trim())
          .filter(Boolean),
      )
      .optional(),
  ),
  /** Days an activity entry is kept (issue 22); older ones are deleted at start and once a day. */
  ACTIVITY_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(36_500).default(365),
  ),
  /** Largest screenshot a key can have, in bytes (5 MB); larger uploads get 413 naming the limit. */
  SCREENSHOT_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(5 * 1024 * 1024),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(["development", "production", "test"]).default("development"),
  ),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string };

export class ConfigError extends Error {}

/** Variables that only make sense together: BILLING_PROVIDER=stripe needs both Stripe secrets. */
function missingTogether(env: Record<string, string | undefined>): string[] {
  if (env.BILLING_PROVIDER !== "stripe") return [];
  return (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const)
    .filter((name) => !env[name])
    .map((name) => `  ${name}: required when BILLING_PROVIDER=stripe`);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const lines = [
    ...(parsed.error?.issues ?? []).map((issue) => `  ${issue.path.join(".")}: ${issue.message}`),
    ...missingTogether(env),
  ];
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const data = parsed.data;
  const publicUrl = (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/$/, "");
  return { ...data, publicUrl };
}
