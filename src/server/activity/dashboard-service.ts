import type { Kysely } from "kysely";
import type { Dashboard } from "../../shared/schemas/dashboard.ts";
import { monthOf } from "../ai/ai-usage.ts";
import type { DB } from "../db/schema.ts";
import type { Access } from "../teams/access.ts";
import {
  selectApprovedCounts,
  selectContributors,
  selectLanguageStates,
  selectOpenReviews,
  selectSnapshots,
  selectWords,
  upsertSnapshots,
} from "./dashboard-queries.ts";

/**
 * A project's dashboard (issue 22), for every member of its team (`activity.view`). Everything is
 * read from kept numbers: the completion counts, today's snapshot (written here, so the chart ends
 * at today), the month's word counters, the activity table and the open reviews.
 */
export function createDashboardService(deps: { db: Kysely<DB>; access: Access; now?: () => Date }) {
  const { db, access } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async get(userId: string, projectId: string): Promise<Dashboard> {
      const { project } = await access.project(userId, projectId, "activity.view");
      const month = monthOf(now());
      const targets = project.languages.filter((code) => code !== project.source_language);
      // Independent reads run side by side (a pool on PostgreSQL); the chart waits for today's row.
      const [series, approved, words, contributors, reviews] = await Promise.all([
        selectLanguageStates(db, project).then(async (states) => {
          await upsertSnapshots(db, project.id, states);
          return { states, snapshots: await selectSnapshots(db, project.id, targets) };
        }),
        selectApprovedCounts(db, project.id, targets),
        selectWords(db, project.id, month.start),
        selectContributors(db, project.id, new Date(`${month.start}T00:00:00.000Z`)),
        selectOpenReviews(db, project.id, project.languages),
      ]);
      const byLanguage = new Map(series.states.map((state) => [state.code, state]));
      return {
        projectId: project.id,
        languages: targets.flatMap((code) => {
          const state = byLanguage.get(code);
          return state ? [{ ...state, approved: approved.get(code) ?? 0 }] : [];
        }),
        progress: targets.map((code) => ({
          code,
          points: series.snapshots
            .filter((row) => row.language_code === code)
            .map((row) => ({ day: row.day, translated: Number(row.translated), total: Number(row.total) })),
        })),
        words: { month: month.start, ...words },
        contributors,
        reviews: reviews.map((review) => {
          // A language removed from the project since is no longer counted as done.
          const done = new Set(review.languages_done);
          return {
            id: review.id,
            title: review.title,
            approved: Number(review.approved),
            total: Number(review.keys) * project.languages.length,
            languagesDone: project.languages.filter((code) => done.has(code)).length,
            languages: project.languages.length,
          };
        }),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
