import { type RateLimiter, retryIn } from "../http/rate-limit.ts";
import type { AiBudget } from "./ai-usage.ts";

/** How many AI requests (each a paid call to the provider) users and teams may make. */
export interface AiLimits {
  perMinutePerUser: number;
  perHourPerUser: number;
  perHourPerTeam: number;
}

/**
 * Counts one AI request of a user in a team, or throws 429 before any call to the provider: a
 * single-cell translation, a writing-assistant suggestion or a batch start. A batch counts once,
 * however many chunks it has: it only takes the missing strings and runs once per language at a
 * time, so its size is bounded by the project, not by how often someone clicks. A team that used
 * its month's AI tokens (AI_MONTHLY_TOKEN_LIMIT) is refused first, without counting the request.
 */
export type AiQuota = (userId: string, teamId: string) => Promise<void>;

export function createAiQuota(limiter: RateLimiter, limits: AiLimits, budget?: AiBudget): AiQuota {
  return async (userId, teamId) => {
    await budget?.assert(teamId);
    await limiter.hit([
      {
        key: `ai:minute:user:${userId}`,
        windowSeconds: 60,
        max: limits.perMinutePerUser,
        message: (s) => `Too many AI requests. Please try again in ${retryIn(s)}.`,
      },
      {
        key: `ai:hour:user:${userId}`,
        windowSeconds: 60 * 60,
        max: limits.perHourPerUser,
        message: (s) => `You have made too many AI requests this hour. Please try again in ${retryIn(s)}.`,
      },
      {
        key: `ai:hour:team:${teamId}`,
        windowSeconds: 60 * 60,
        max: limits.perHourPerTeam,
        message: (s) =>
          `This team has made too many AI requests this hour. Please try again in ${retryIn(s)}.`,
      },
    ]);
  };
}
