import { z } from "zod";

const count = z.number().int().min(0);

/**
 * What a team's bill is made of (issue 22): its AI use this calendar month (UTC) as the provider
 * counted it, and the size of its work over all its projects.
 */
export const teamUsageSchema = z.object({
  /** The month counted, as its first day (`YYYY-MM-DD`, UTC). */
  month: z.string(),
  ai: z.object({
    calls: count,
    inputTokens: count,
    outputTokens: count,
    /** Source characters sent for translation (the pseudo provider counts only these). */
    characters: count,
    /** AI_MONTHLY_TOKEN_LIMIT: tokens (input + output) per month; null: no limit. */
    tokenLimit: count.nullable(),
    /** Tokens left this month (0 once reached); null: no limit. */
    tokensLeft: count.nullable(),
  }),
  /** Keys over the team's projects (those the progress counts: translatable text keys). */
  keys: count,
  /** Non-empty strings of those keys in the projects' languages. */
  strings: count,
  /** Members of the team: each is a seat. */
  seats: count,
});
export type TeamUsage = z.infer<typeof teamUsageSchema>;
