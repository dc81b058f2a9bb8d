import type { Kysely } from "kysely";
import type { z } from "zod";
import { isUuid } from "../../shared/ids.ts";
import { languageName } from "../../shared/languages.ts";
import type {
  listReviewsQuerySchema,
  ReviewKeysPage,
  ReviewVerdict,
  reviewKeysQuerySchema,
  setReviewVerdictBodySchema,
  V1ReviewList,
} from "../../shared/schemas/v1-reviewer.ts";
import { scopeOfBranch } from "../branches/scope-of.ts";
import { type BranchScope, onBranch } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { selectProject } from "../pull/queries.ts";
import type { ProjectRow } from "../teams/access.ts";
import { selectPendingCells, selectProjectKeyId, selectReviewProgress } from "./agent-queries.ts";
import { nameOfCursor, presentPendingPage, presentV1Summary, presentVerdict } from "./present.ts";
import { selectReviewPlace, selectSummaries } from "./queries.ts";
import type { ReviewService } from "./service.ts";

const reviewNotFound = () => new AppError("not_found", "Review not found");

/**
 * Reviews as a project API key with the review scope sees them (issue 36): a coding agent lists
 * its project's reviews and their pending texts and gives verdicts, through the review service's
 * one verdict transaction. The key's project is the only one: another project's review is not
 * found, as an unknown id is.
 */
export function createKeyReviews(deps: { db: Kysely<DB>; judge: ReviewService["judge"] }) {
  const { db, judge } = deps;

  async function projectOf(projectId: string): Promise<ProjectRow> {
    const project = await selectProject(db, projectId);
    // The key is deleted with its project, so this is a race with a deletion.
    if (!project) throw new AppError("unauthorized", "Invalid API key");
    return project;
  }

  /**
   * The review of the key's project, with the scope its texts are read in: a review made on a
   * branch (issue 39) reads and judges the branch's texts, whoever asks.
   */
  async function reviewOf(project: ProjectRow, reviewId: string): Promise<BranchScope | undefined> {
    const place = isUuid(reviewId) ? await selectReviewPlace(db, reviewId) : undefined;
    if (place?.project_id !== project.id) throw reviewNotFound();
    return scopeOfBranch(db, place.branch_id);
  }

  function checkLanguage(project: ProjectRow, code: string) {
    if (!project.languages.includes(code))
      throw new AppError("validation_failed", `${languageName(code)} is not a language of this project`);
  }

  return {
    /** Open reviews first, then by newest change; each with its progress per language. */
    async list(projectId: string, query: z.output<typeof listReviewsQuerySchema>): Promise<V1ReviewList> {
      const project = await projectOf(projectId);
      const rows = (await selectSummaries(db, { projectId }))
        .filter((row) => query.status === "all" || row.status === query.status)
        // A stable sort: within each status, the newest change first as selected.
        .sort((a, b) => Number(a.status !== "pending") - Number(b.status !== "pending"));
      // Each review's progress is read where its texts are: main's together, a branch's on it.
      const progress = (
        await Promise.all(
          [...new Set(rows.map((row) => row.branch_id))].map(async (branchId) =>
            onBranch(await scopeOfBranch(db, branchId), () =>
              selectReviewProgress(
                db,
                rows.filter((row) => row.branch_id === branchId).map((row) => row.id),
                project.languages,
              ),
            ),
          ),
        )
      ).flat();
      return {
        reviews: rows.map((row) =>
          presentV1Summary(
            row,
            project,
            progress.filter((p) => p.review_id === row.id),
          ),
        ),
      };
    },

    /** A page of the review's keys with a text no current verdict judges, in key order. */
    async pendingKeys(
      projectId: string,
      reviewId: string,
      query: z.output<typeof reviewKeysQuerySchema>,
    ): Promise<ReviewKeysPage> {
      const project = await projectOf(projectId);
      const scope = await reviewOf(project, reviewId);
      if (query.language !== undefined) checkLanguage(project, query.language);
      const rows = await onBranch(scope, () =>
        selectPendingCells(db, {
          reviewId,
          languages: query.language === undefined ? project.languages : [query.language],
          sourceLanguage: project.source_language,
          after: query.cursor === undefined ? undefined : nameOfCursor(query.cursor),
          limit: query.limit,
        }),
      );
      return presentPendingPage(reviewId, project, rows, query.limit);
    },

    /** The agent's verdict on the key of that name: the review service's, never approving machine output. */
    async setVerdict(
      projectId: string,
      reviewId: string,
      body: z.output<typeof setReviewVerdictBodySchema>,
      agent: string,
    ): Promise<ReviewVerdict> {
      const project = await projectOf(projectId);
      const scope = await reviewOf(project, reviewId);
      checkLanguage(project, body.language);
      // The key by its name where the review's texts are (a key added on its branch, too).
      const keyId = await onBranch(scope, () => selectProjectKeyId(db, project.id, body.key));
      if (!keyId) throw new AppError("not_found", "Key not found");
      const dryRun = body.dryRun ?? false;
      const row = await judge(
        project,
        reviewId,
        { keyId, language: body.language, state: body.verdict, comment: body.comment },
        { userId: null, agent },
        { dryRun },
      );
      // A verdict was just given: none there means the key left the review meanwhile.
      if (!row) throw new AppError("validation_failed", "This key is not in this review");
      return presentVerdict({ reviewId, key: body.key, language: body.language, agent, dryRun }, row);
    },
  };
}

export type KeyReviews = ReturnType<typeof createKeyReviews>;
