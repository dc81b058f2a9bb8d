import type { Kysely, Transaction } from "kysely";
import { selectLiveBranchIds, selectTouchedKeyIds } from "../branches/queries.ts";
import { scopeOfBranch } from "../branches/scope-of.ts";
import { onBranch, onMain } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import type { JobQueue, JobWorker } from "../jobs/job-queue.ts";
import type { Logger } from "../logger.ts";
import {
  lockOutdatedProjects,
  selectKeyIdsAfter,
  selectTeamProjectIds,
  setChecksVersion,
} from "./queries.ts";
import { recheckKeys } from "./string-checks.ts";

/**
 * The version of the checks the stored results were computed with. Raise it when a check changes
 * what it finds: every project is then rechecked in the background once (at the next start).
 */
export const CHECKS_VERSION = 1;

/** Rechecking a whole project: its strings, a slice of keys at a time. */
export const RECHECK_QUEUE = "quality-recheck";
export const RECHECK_QUEUE_SETTINGS = { retryLimit: 3, heartbeatSeconds: 30 };

const KEYS_PER_SLICE = 1000;

type Db = Transaction<DB> | Kysely<DB>;

/**
 * Asks for the projects' strings to be checked again (a glossary import, a new version of the
 * checks): marked current now and queued in the caller's transaction, so the job exists exactly
 * when the change that needs it does. The job always runs to the end, even if marked current.
 */
export async function requestRecheck(trx: Db, queue: JobQueue, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length === 0) return;
  await setChecksVersion(trx, projectIds, CHECKS_VERSION);
  await queue.send(
    trx,
    RECHECK_QUEUE,
    projectIds.map((projectId) => ({ projectId })),
  );
}

/**
 * A team's glossary changed: its projects' strings are checked again in the background (a term
 * can appear in any source text). Called inside the glossary write's transaction.
 */
export async function requestTeamRecheck(trx: Db, queue: JobQueue, teamId: string): Promise<void> {
  await requestRecheck(trx, queue, await selectTeamProjectIds(trx, teamId));
}

/** Every project whose strings were checked by an older version of the checks (or never). */
export async function requestOutdatedRechecks(db: Kysely<DB>, queue: JobQueue): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const outdated = await lockOutdatedProjects(trx, CHECKS_VERSION);
    await requestRecheck(trx, queue, outdated);
    return outdated.length;
  });
}

/** Checks every string of a project again, in slices of keys (each its own statement). */
export async function recheckProject(db: Db, projectId: string): Promise<number> {
  let after = "00000000-0000-0000-0000-000000000000";
  let changed = 0;
  for (;;) {
    const ids = await selectKeyIdsAfter(db, projectId, after, KEYS_PER_SLICE);
    if (ids.length === 0) return changed;
    changed += await recheckKeys(db, projectId, ids);
    after = ids[ids.length - 1] as string;
  }
}

/**
 * Checks a project's live branches again after its main (issue 39): on each, the keys it has rows
 * of, read as the branch has them (its sources, its own strings), and the checks that differ from
 * what the branch shows are written as its own. Its other keys are main's, just checked. A branch
 * of a branch comes after its parent, whose rows it reads.
 */
export async function recheckBranches(db: Kysely<DB>, projectId: string): Promise<number> {
  let changed = 0;
  const scopes = await Promise.all(
    (await onMain(() => selectLiveBranchIds(db, projectId))).map((id) => scopeOfBranch(db, id)),
  );
  const parentsFirst = scopes
    .filter((scope) => scope !== undefined)
    .sort((a, b) => a.chain.length - b.chain.length);
  for (const scope of parentsFirst) {
    changed += await onBranch(scope, async () => {
      const touched = await selectTouchedKeyIds(db);
      let written = 0;
      for (let at = 0; at < touched.length; at += KEYS_PER_SLICE) {
        written += await recheckKeys(db, projectId, touched.slice(at, at + KEYS_PER_SLICE));
      }
      return written;
    });
  }
  return changed;
}

export function recheckJob(deps: { db: Kysely<DB>; logger: Logger }): JobWorker<typeof RECHECK_QUEUE> {
  return {
    queue: RECHECK_QUEUE,
    settings: RECHECK_QUEUE_SETTINGS,
    concurrency: 1,
    async handle(job) {
      const started = Date.now();
      const changed =
        (await recheckProject(deps.db, job.data.projectId)) +
        (await recheckBranches(deps.db, job.data.projectId));
      deps.logger.info(
        { projectId: job.data.projectId, changed, ms: Date.now() - started },
        "quality checks rechecked",
      );
    },
  };
}
