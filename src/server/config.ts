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
  AI_BATCH_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(20).default(3)),
  MAX_UPLOAD_MB: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(1024).default(20)),
  /** Pull API requests one project API key may make per minute. */
  PULL_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(60),
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

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const data = parsed.data;
  const publicUrl = (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/$/, "");
  return { ...data, publicUrl };
}
