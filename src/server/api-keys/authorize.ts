import type { ApiKeyScope } from "../../shared/schemas/api-keys.ts";
import { AppError } from "../errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import type { ApiKeyRow } from "./queries.ts";
import type { ApiKeyService } from "./service.ts";

/** Default requests one key may make per minute and scope (CI polling every second still fits). */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 60;

/** What each scope lets a key do, in the words of the 403 and the 429. */
const SCOPE_VERBS: Record<ApiKeyScope, string> = {
  pull: "pull",
  push: "push",
  translate: "translate",
  review: "review",
  release: "publish releases",
  "webhooks:manage": "manage webhooks",
};

/** The 403 of a key without the scope: it says which scope, and where to give it. */
export function missingScope(scope: ApiKeyScope): AppError {
  return new AppError(
    "forbidden",
    `This API key may not ${SCOPE_VERBS[scope]}: give it the ${scope} scope in Project Settings → API Access`,
  );
}

/** Either one scope, or any of several (a read every kind of key may make, e.g. the glossary). */
export type ScopeNeed = ApiKeyScope | readonly ApiKeyScope[];

/**
 * THE check of every request made with a project API key (pull, push, status, key names,
 * webhooks, the MCP server's tools): 401 for a missing, unknown or revoked key, 403 without the
 * scope, 429 past the key's rate limit for that scope. Notes the use. The limit is counted per key
 * and scope in the shared rate-limit table, so a CI job's pushes never use up its pulls, whichever
 * process counts.
 */
export function createKeyGate(deps: {
  apiKeys: ApiKeyService;
  limiter: RateLimiter;
  requestsPerMinute?: number;
}) {
  const { apiKeys, limiter, requestsPerMinute = API_KEY_RATE_LIMIT_PER_MINUTE } = deps;

  /** The key's row, or 401: what every request with a key starts with. */
  async function authenticate(key: string | undefined): Promise<ApiKeyRow> {
    if (!key?.trim()) {
      throw new AppError("unauthorized", "Missing API key: send the project API key in the x-api-key header");
    }
    const row = await apiKeys.authenticate(key);
    if (!row) throw new AppError("unauthorized", "Invalid API key");
    return row;
  }

  /** 403 without the scope, 429 past its limit; notes the use. */
  async function permit(row: ApiKeyRow, need: ScopeNeed): Promise<ApiKeyRow> {
    const needs: readonly ApiKeyScope[] = typeof need === "string" ? [need] : need;
    const scope = needs.find((s) => row.scopes.includes(s));
    if (!scope) throw missingScope(needs[0] ?? "pull");
    await limiter.hit([
      {
        // The pull bucket keeps the name it had before scopes, so a deploy resets nobody's count.
        key: `${scope}:${row.id}`,
        windowSeconds: 60,
        max: requestsPerMinute,
        message: (s) => `Too many ${scope} requests with this API key. Please try again in ${s} seconds.`,
      },
    ]);
    await apiKeys.touch(row);
    return row;
  }

  async function authorize(key: string | undefined, need: ScopeNeed): Promise<ApiKeyRow> {
    return permit(await authenticate(key), need);
  }

  return { authenticate, permit, authorize };
}

export type KeyGate = ReturnType<typeof createKeyGate>;
export type Authorize = KeyGate["authorize"];
