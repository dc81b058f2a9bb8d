import { z } from "zod";

/** Every key starts with this, so secret scanners and people can tell what it is. */
export const API_KEY_PREFIX = "sprog_";
/** How many characters of a key the list shows (`sprog_` and the first random characters). */
export const API_KEY_VISIBLE_CHARS = 12;
export const API_KEY_NAME_MAX = 100;

/**
 * What a project API key may do (issue 20), chosen when it is made: `pull` (download translations,
 * read status and key names), `push` (import files, create and change keys and source texts),
 * `translate` (write translations, which land as unverified AI output: issue 36), `review` (verdicts
 * in reviews, never on machine output), `release` (publish over-the-air releases: issue 37),
 * `webhooks:manage`. The MCP server's tools follow them.
 */
export const API_KEY_SCOPES = ["pull", "push", "translate", "review", "release", "webhooks:manage"] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** A project API key as the list shows it (spec point 3 ApiKeys); never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  /** An optional label, e.g. "CI". */
  name: z.string().nullable(),
  /** The first characters of the key, e.g. `sprog_3f9a1c`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Display name of who created it; null once that account is gone. */
  createdBy: z.string().nullable(),
  scopes: z.array(apiKeyScopeSchema),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Newest first. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

/** The answer of creating a key: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const createApiKeyBodySchema = z.object({
  name: z
    .string()
    .trim()
    .max(API_KEY_NAME_MAX, `Name must be at most ${API_KEY_NAME_MAX} characters`)
    .optional(),
  /** Default: pull only, what every key could do before scopes. */
  scopes: z.array(apiKeyScopeSchema).min(1, "Choose at least one scope").optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
