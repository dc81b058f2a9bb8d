import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { isUuid } from "../../shared/ids.ts";
import { languageName } from "../../shared/languages.ts";
import type { Permission } from "../../shared/permissions.ts";
import type {
  Approval,
  addReviewKeysBodySchema,
  createReviewBodySchema,
  ProjectApprovals,
  ReviewDetail,
  ReviewStatus,
  ReviewSummary,
  setApprovalBodySchema,
  updateReviewBodySchema,
} from "../../shared/schemas/reviews.ts";
import { publishActivity } from "../activity/publish.ts";
import { recordActivity } from "../activity/record.ts";
import { currentBranch, onBranch, onMain } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { AppError, notFoundAs } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import { presentCell } from "../keys/present.ts";
import type { Access, ProjectRow } from "../teams/access.ts";
import { presentApproval, presentDetail, presentProjectApprovals, presentSummary } from "./present.ts";
import {
  type ApprovalRow,
  clearMachineOfJudged,
  deleteApproval,
  deleteReview,
  deleteReviewKey,
  insertKeys,
  insertReview,
  isKeyInReview,
  keyCount,
  lockReview,
  selectCurrentApprovals,
  selectKeyStrings,
  selectProjectApprovals,
  selectSummaries,
  touch,
  updateReview,
  upsertApproval,
} from "./queries.ts";
import { recordApproval, recordCompleted, type VerdictActor } from "./review-activity.ts";
import { reviewPlace } from "./review-place.ts";
import { checkKeysOfProject, DryRun, mayAgentApprove, type Verdict } from "./review-transaction.ts";

const reviewNotFound = () => new AppError("not_found", "Review not found");

function notAProjectLanguage(code: string) {
  return new AppError("validation_failed", `${languageName(code)} is not a language of this project`);
}

/**
 * Reviews and approvals (spec points 3–5, issue 6). Every method checks the caller's right on the
 * review's project first (src/shared/permissions.ts through access.ts); multi-row writes share one
 * transaction that locks the review row; `review.updated` goes out after the commit.
 */
export function createReviewService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: EventBus;
  /** Runs after a review was completed (a project may publish a release then); must not throw. */
  onCompleted?: (projectId: string, userId: string) => void;
}) {
  const { db, access, events } = deps;

  const placeOf = (reviewId: string) => reviewPlace(db, reviewId);

  /**
   * Runs `work` with the review's project, if the caller may act on it (404 'Review not found'
   * otherwise), on the review's own branch whatever branch the request is on: a branch's review
   * reads and judges the branch's texts, main's review main's.
   */
  async function inReview<T>(
    userId: string,
    reviewId: string,
    permission: Permission,
    work: (project: ProjectRow) => Promise<T>,
  ): Promise<T> {
    const { projectId, scope } = await placeOf(reviewId);
    const { project } = await access.project(userId, projectId, permission).catch(notFoundAs("Review"));
    return onBranch(scope, () => work(project));
  }

  /** Locks the review for the rest of the transaction; a review deleted meanwhile is not found. */
  async function lockFound(trx: Transaction<DB>, reviewId: string) {
    const row = await lockReview(trx, reviewId);
    if (!row) throw reviewNotFound();
    return row;
  }

  /** Told to the review's branch (its Overview's verdicts) and to main (the Reviews screens). */
  async function changed(projectId: string, reviewId: string, deleted = false) {
    const event = {
      type: "review.updated",
      data: deleted ? { reviewId, deleted: true } : { reviewId },
    } as const;
    await events.publish(projectId, [event]);
    if (currentBranch()) await onMain(() => events.publish(projectId, [event]));
  }

  /** What a change answers: the review's row as the Reviews list shows it. */
  async function summary(reviewId: string, project: ProjectRow): Promise<ReviewSummary> {
    const [row] = await selectSummaries(db, { reviewId });
    if (!row) throw reviewNotFound();
    return presentSummary(row, project.languages);
  }

  async function detail(reviewId: string, project: ProjectRow): Promise<ReviewDetail> {
    const [summary] = await selectSummaries(db, { reviewId });
    if (!summary) throw reviewNotFound();
    const [keyRows, approvals] = await Promise.all([
      selectKeyStrings(db, reviewId, project.languages),
      selectCurrentApprovals(db, reviewId, project.languages),
    ]);
    return presentDetail(summary, project, keyRows, approvals);
  }

  /**
   * Gives the verdict in one transaction that locks the review (see setApproval), by a person or
   * a coding agent. An agent never approves machine output nor a missing text (issue 36): its
   * approval is refused before anything is written, and, judging only a person's text, it has no
   * machine mark to clear. A dry run does all of it and rolls it back. Answers the cell's current
   * verdict row (none: pending).
   */
  async function judge(
    project: ProjectRow,
    reviewId: string,
    verdict: Verdict,
    actor: VerdictActor,
    options: { dryRun?: boolean } = {},
  ): Promise<ApprovalRow | undefined> {
    const { scope } = await placeOf(reviewId);
    return onBranch(scope, () => judgeHere(project, reviewId, verdict, actor, options));
  }

  async function judgeHere(
    project: ProjectRow,
    reviewId: string,
    verdict: Verdict,
    actor: VerdictActor,
    options: { dryRun?: boolean },
  ): Promise<ApprovalRow | undefined> {
    if (!project.languages.includes(verdict.language)) throw notAProjectLanguage(verdict.language);
    const comment = verdict.state === "needs_changes" && verdict.comment ? verdict.comment : null;
    const cell = { reviewId, keyId: verdict.keyId, language: verdict.language };
    const current = () => selectCurrentApprovals(db, reviewId, [verdict.language], verdict.keyId);
    const work = async (trx: Transaction<DB>) => {
      await lockFound(trx, reviewId);
      if (!(await isKeyInReview(trx, reviewId, verdict.keyId)))
        throw new AppError("validation_failed", "This key is not in this review");
      if (actor.agent !== null && verdict.state === "approved") await mayAgentApprove(trx, cell);
      const recorded =
        verdict.state === "approved"
          ? await recordApproval(trx, {
              project,
              actor,
              reviewId,
              keyId: verdict.keyId,
              language: verdict.language,
            })
          : undefined;
      if (verdict.state === "pending") {
        if (!(await deleteApproval(trx, cell))) return undefined;
      } else {
        await upsertApproval(trx, cell, { state: verdict.state, comment, ...actor });
      }
      // An approval is a person's check: machine output of that version is unmarked (issue 19).
      const checked =
        verdict.state === "approved" && actor.agent === null
          ? await clearMachineOfJudged(trx, cell)
          : undefined;
      await touch(trx, reviewId);
      if (options.dryRun) {
        const [row] = await selectCurrentApprovals(trx, reviewId, [verdict.language], verdict.keyId);
        throw new DryRun(row);
      }
      return { checked, recorded };
    };
    let changedAny: Awaited<ReturnType<typeof work>>;
    try {
      changedAny = await db.transaction().execute(work);
    } catch (error) {
      if (error instanceof DryRun) return error.row;
      throw error;
    }
    if (changedAny) await changed(project.id, reviewId);
    await publishActivity(deps, [changedAny?.recorded]);
    if (changedAny?.checked) {
      const { value, version, updated_at } = changedAny.checked;
      await events.publish(project.id, [
        {
          type: "string.updated",
          data: {
            keyId: verdict.keyId,
            language: verdict.language,
            cell: presentCell(value, version, updated_at),
            by: null,
          },
        },
      ]);
    }
    const [row] = await current();
    return row;
  }

  return {
    /**
     * Spec: select by project_id ordered by last_updated_at descending. On main, every review of the
     * project (a branch's named as such: reviewers find them on the Reviews screen); on a branch,
     * the branch's (the Overview's Add to Review adds the branch's keys to the branch's reviews).
     */
    async list(userId: string, projectId: string): Promise<ReviewSummary[]> {
      const { project } = await access.project(userId, projectId, "reviews.view");
      const rows = await selectSummaries(db, { projectId, branchId: currentBranch()?.id });
      return rows.map((row) => presentSummary(row, project.languages));
    },

    async get(userId: string, reviewId: string): Promise<ReviewDetail> {
      return inReview(userId, reviewId, "reviews.view", async (project) => {
        return detail(reviewId, project);
      });
    },

    /** Created pending, owned by the caller; with the selected keys when made from the Overview. */
    async create(
      userId: string,
      projectId: string,
      body: z.output<typeof createReviewBodySchema>,
    ): Promise<ReviewSummary> {
      const { project } = await access.project(userId, projectId, "reviews.manage");
      const keyIds = [...new Set(body.keyIds ?? [])];
      const { reviewId, recorded } = await db.transaction().execute(async (trx) => {
        await checkKeysOfProject(trx, projectId, keyIds);
        const reviewId = await insertReview(trx, {
          project_id: projectId,
          branch_id: currentBranch()?.id ?? null,
          title: body.title,
          description: body.description,
          owner_user_id: userId,
        });
        await insertKeys(trx, reviewId, keyIds);
        const recorded = await recordActivity(trx, {
          teamId: project.team_id,
          projectId,
          userId,
          kind: "review.created",
          count: keyIds.length,
          details: { reviewId, title: body.title },
        });
        return { reviewId, recorded };
      });
      await changed(projectId, reviewId);
      await publishActivity(deps, [recorded]);
      return summary(reviewId, project);
    },

    /**
     * Fields, status and languages done (spec point 4): marking every project language done
     * completes the review in the same update; re-opening (status pending) empties the languages.
     * A review without keys is not completed (400).
     */
    async update(
      userId: string,
      reviewId: string,
      body: z.output<typeof updateReviewBodySchema>,
    ): Promise<ReviewSummary> {
      return inReview(userId, reviewId, "reviews.manage", async (project) => {
        let languagesDone: string[] | undefined;
        if (body.languagesDone) {
          const unknown = body.languagesDone.find((code) => !project.languages.includes(code));
          if (unknown !== undefined) throw notAProjectLanguage(unknown);
          const chosen = new Set(body.languagesDone);
          languagesDone = project.languages.filter((code) => chosen.has(code));
        }
        let status: ReviewStatus | undefined = body.status;
        if (status === "pending") languagesDone = [];
        else if (languagesDone && languagesDone.length === project.languages.length) status = "completed";
        const recorded = await db.transaction().execute(async (trx) => {
          const before = await lockFound(trx, reviewId);
          // Nothing was reviewed in a review without keys: completing it would be a dead end (issue 34).
          if (
            status === "completed" &&
            before.status !== "completed" &&
            (await keyCount(trx, reviewId)) === 0
          ) {
            throw new AppError("validation_failed", "A review without keys cannot be marked as done");
          }
          const updated = await updateReview(trx, reviewId, {
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(status !== undefined ? { status } : {}),
            ...(languagesDone !== undefined ? { languagesDone } : {}),
          });
          // Completing is the change the feed shows; edits of the title or languages are not.
          if (updated.status !== "completed" || before.status === "completed") return undefined;
          return recordCompleted(trx, { project, userId, review: updated, languages: languagesDone ?? [] });
        });
        await changed(project.id, reviewId);
        await publishActivity(deps, [recorded]);
        // A release on review is main's: a branch's review completes only the branch's.
        if (recorded && !currentBranch()) deps.onCompleted?.(project.id, userId);
        return summary(reviewId, project);
      });
    },

    async remove(userId: string, reviewId: string): Promise<void> {
      return inReview(userId, reviewId, "reviews.manage", async (project) => {
        if (!(await deleteReview(db, reviewId))) throw reviewNotFound();
        await changed(project.id, reviewId, true);
      });
    },

    /** Add to Review and Add key: keys already in the review stay there once. */
    async addKeys(
      userId: string,
      reviewId: string,
      input: z.output<typeof addReviewKeysBodySchema>,
    ): Promise<ReviewSummary> {
      return inReview(userId, reviewId, "reviews.manage", async (project) => {
        const keyIds = [...new Set(input.keyIds)];
        const added = await db.transaction().execute(async (trx) => {
          await lockFound(trx, reviewId);
          await checkKeysOfProject(trx, project.id, keyIds);
          const added = await insertKeys(trx, reviewId, keyIds);
          if (added > 0) await touch(trx, reviewId);
          return added;
        });
        if (added > 0) await changed(project.id, reviewId);
        return summary(reviewId, project);
      });
    },

    /** Takes a key out of the review with its verdicts; a key not in it is no change. */
    async removeKey(userId: string, reviewId: string, keyId: string): Promise<ReviewSummary> {
      return inReview(userId, reviewId, "reviews.manage", async (project) => {
        if (!isUuid(keyId)) throw new AppError("not_found", "Key not found");
        const removed = await db.transaction().execute(async (trx) => {
          await lockFound(trx, reviewId);
          const removed = await deleteReviewKey(trx, reviewId, keyId);
          if (removed) await touch(trx, reviewId);
          return removed;
        });
        if (removed) await changed(project.id, reviewId);
        return summary(reviewId, project);
      });
    },

    /**
     * A verdict on one key's string in one language, naming the string version judged (0: none),
     * so a later edit of the string puts it back to pending. `pending` removes the verdict. A
     * comment is kept with 'needs changes' only. Answers the cell's verdict as it is now.
     */
    async setApproval(
      userId: string,
      reviewId: string,
      body: z.output<typeof setApprovalBodySchema>,
    ): Promise<Approval> {
      return inReview(userId, reviewId, "reviews.approve", async (project) => {
        const verdict = await judgeHere(project, reviewId, body, { userId, agent: null }, {});
        return presentApproval(verdict);
      });
    },

    /**
     * A verdict by a person or an agent (see judge), without an access check: for callers that
     * checked the right of whoever judges on the review's project (a project API key's own project).
     */
    judge,

    /** The Overview's cells: per key and language, the newest verdict still current. */
    async projectApprovals(userId: string, projectId: string): Promise<ProjectApprovals> {
      const { project } = await access.project(userId, projectId, "reviews.view");
      const branches = currentBranch()?.chain ?? [];
      return presentProjectApprovals(
        await selectProjectApprovals(db, projectId, project.languages, branches),
      );
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
