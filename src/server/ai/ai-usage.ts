import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { addCallUsage, selectMonthUsage } from "./queries.ts";

/** What one AI call cost a team: the provider's token counts and the source characters it was sent. */
export interface AiCallUsage {
  teamId: string;
  inputTokens: number;
  outputTokens: number;
  /** Characters of source text sent for translation (0 for the writing assistant). */
  characters: number;
}

/** Adds one call to its team's month; never throws (the call is made and paid already). */
export type UsageRecorder = (usage: AiCallUsage) => Promise<void>;

export const noUsageRecorder: UsageRecorder = async () => {};

/** Characters as a person counts them (code points, so an emoji is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The calendar month (UTC) of `now`: its first day as `YYYY-MM-DD`, its name and the next one's first day. */
export function monthOf(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const name = (date: Date) => date.toLocaleString("en", { month: "long", timeZone: "UTC" });
  return { start: start.toISOString().slice(0, 10), name: name(start), next, nextName: name(next) };
}

/** The message of a team that used its month's tokens (the Team screen's 'Usage' shows the same numbers). */
export function tokenLimitMessage(limit: number, now: Date): string {
  const month = monthOf(now);
  return (
    `Your team has used its ${limit.toLocaleString("en")} AI tokens for ${month.name}. ` +
    `AI translation is available again on 1 ${month.nextName}, or ask the server's administrator ` +
    "to raise AI_MONTHLY_TOKEN_LIMIT."
  );
}

/** One upsert per call on the team's row of the month: calls + 1 and the call's counts added. */
export function createUsageRecorder(
  db: Kysely<DB>,
  logger: Logger,
  now: () => Date = () => new Date(),
): UsageRecorder {
  return async (usage) => {
    try {
      await addCallUsage(db, usage, monthOf(now()).start);
    } catch (error) {
      // The answer came and is paid for: losing its count is better than losing the translation.
      logger.error({ err: error, ...usage }, "AI usage not recorded");
    }
  };
}

/**
 * AI_MONTHLY_TOKEN_LIMIT: a team whose input and output tokens of this month reached the limit
 * makes no more AI calls until the next month. Checked before every call is started (calls in
 * flight finish, so a team can end a little above it); no limit: never refused.
 */
export interface AiBudget {
  limit: number | null;
  /** The refusal's message when the team's tokens are used up; undefined while some are left. */
  exhausted(teamId: string): Promise<string | undefined>;
  /** Throws 429 `rate_limited` with that message, retry after the month's end. */
  assert(teamId: string): Promise<void>;
}

export function createAiBudget(
  db: Kysely<DB>,
  limit: number | undefined,
  now: () => Date = () => new Date(),
): AiBudget {
  async function exhausted(teamId: string) {
    if (limit === undefined) return undefined;
    const at = now();
    const used = await selectMonthUsage(db, teamId, monthOf(at).start);
    return used.inputTokens + used.outputTokens >= limit ? tokenLimitMessage(limit, at) : undefined;
  }
  return {
    limit: limit ?? null,
    exhausted,
    async assert(teamId) {
      const message = await exhausted(teamId);
      if (message === undefined) return;
      const at = now();
      throw new AppError("rate_limited", message, {
        retryAfterSeconds: Math.ceil((monthOf(at).next.getTime() - at.getTime()) / 1000),
      });
    },
  };
}
