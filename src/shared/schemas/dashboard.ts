import { z } from "zod";

/**
 * A project's dashboard (issue 22), at the top of the Activity tab: where each language stands,
 * how it got there over the last 90 days, who did the work and what is under review.
 */
export const DASHBOARD_DAYS = 90;
export const DASHBOARD_CONTRIBUTORS = 5;

export const dashboardLanguageSchema = z.object({
  code: z.string(),
  /** Keys counted for completion (translatable text keys with a source text). */
  total: z.number().int(),
  /** Translated by a person or a file, or AI output someone checked (approved: a subset). */
  translated: z.number().int(),
  /** Machine output no person has checked yet (AI or pseudo-localization). */
  unverified: z.number().int(),
  /** Translations with a current approval in a review. */
  approved: z.number().int(),
  missing: z.number().int(),
});
export type DashboardLanguage = z.infer<typeof dashboardLanguageSchema>;

export const dashboardSchema = z.object({
  projectId: z.string(),
  /** One per project language except the source, in the project's order. */
  languages: z.array(dashboardLanguageSchema),
  /**
   * Per language, one point a day for the last DASHBOARD_DAYS days (oldest first) from the daily
   * snapshots the server keeps; days before the first snapshot are left out.
   */
  progress: z.array(
    z.object({
      code: z.string(),
      points: z.array(z.object({ day: z.iso.date(), translated: z.number().int(), total: z.number().int() })),
    }),
  ),
  /** Words written into translations this month (UTC), by people and by AI. */
  words: z.object({ month: z.string(), people: z.number().int(), ai: z.number().int() }),
  /** The people who edited the most strings this month, most first. */
  contributors: z.array(z.object({ userId: z.string(), name: z.string(), strings: z.number().int() })),
  /** Open reviews of the project with their progress. */
  reviews: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** Approvals given over keys × languages of the review. */
      approved: z.number().int(),
      total: z.number().int(),
      languagesDone: z.number().int(),
      languages: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
