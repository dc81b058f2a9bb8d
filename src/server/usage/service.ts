import type { Kysely } from "kysely";
import type { TeamUsage } from "../../shared/schemas/usage.ts";
import { type AiBudget, monthOf } from "../ai/ai-usage.ts";
import { selectMonthUsage } from "../ai/queries.ts";
import type { DB } from "../db/schema.ts";
import type { Access } from "../teams/access.ts";
import { selectSeats, selectTeamWork } from "./queries.ts";

/** A team's usage (issue 22): what its bill is made of, for its owner and admins. */
export function createUsageService(deps: {
  db: Kysely<DB>;
  access: Access;
  aiBudget: AiBudget;
  now?: () => Date;
}) {
  const { db, access, aiBudget } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async team(userId: string, teamId: string): Promise<TeamUsage> {
      await access.team(userId, teamId, "usage.view");
      const month = monthOf(now()).start;
      const [ai, work, seats] = await Promise.all([
        selectMonthUsage(db, teamId, month),
        selectTeamWork(db, teamId),
        selectSeats(db, teamId),
      ]);
      const limit = aiBudget.limit;
      const used = ai.inputTokens + ai.outputTokens;
      return {
        month,
        ai: {
          ...ai,
          tokenLimit: limit,
          tokensLeft: limit === null ? null : Math.max(0, limit - used),
        },
        ...work,
        seats,
      };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
