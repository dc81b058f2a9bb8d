import type { Transaction } from "kysely";
import { type RecordedActivity, recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import type { ProjectRow } from "../teams/access.ts";
import { selectKeyName } from "./queries.ts";

/** The feed's entries of reviews (issue 22), written in the review change's transaction. */

/** Who gave a verdict: a person, or a coding agent with a project API key (issue 36; no user). */
export interface VerdictActor {
  userId: string | null;
  agent: string | null;
}

/**
 * One approval: the key by name as it is now, so the entry still reads once the key is gone. An
 * agent has no user to name: the entry names the agent in its details.
 */
export async function recordApproval(
  trx: Transaction<DB>,
  at: { project: ProjectRow; actor: VerdictActor; reviewId: string; keyId: string; language: string },
): Promise<RecordedActivity> {
  const key = await selectKeyName(trx, at.keyId);
  return recordActivity(trx, {
    teamId: at.project.team_id,
    projectId: at.project.id,
    userId: at.actor.userId,
    kind: "review.approved",
    keys: [{ id: at.keyId, key }],
    languages: [at.language],
    details: { reviewId: at.reviewId, ...(at.actor.agent === null ? {} : { agent: at.actor.agent }) },
  });
}

export function recordCompleted(
  trx: Transaction<DB>,
  at: { project: ProjectRow; userId: string; review: { id: string; title: string }; languages: string[] },
): Promise<RecordedActivity> {
  return recordActivity(trx, {
    teamId: at.project.team_id,
    projectId: at.project.id,
    userId: at.userId,
    kind: "review.completed",
    languages: at.languages,
    details: { reviewId: at.review.id, title: at.review.title },
  });
}
