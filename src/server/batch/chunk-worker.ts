import type { Kysely, Transaction } from "kysely";
import type { GlossaryEntry } from "../../shared/glossary/match.ts";
import { detectPlaceholders } from "../../shared/placeholders/detect.ts";
import { BATCH_PAUSE_MS } from "../../shared/schemas/batch.ts";
import { publishBatchCompleted } from "../activity/publish.ts";
import { recordActivity } from "../activity/record.ts";
import type { AiBudget } from "../ai/ai-usage.ts";
import { placeholderProblem } from "../ai/checks.ts";
import { glossaryHints, glossaryProblem, keyImages } from "../ai/context.ts";
import type { ExamplesLookup, TranslationItem, TranslationProvider, VoiceContext } from "../ai/provider.ts";
import { loadVoice } from "../ai/voice.ts";
import { currentBranch } from "../db/branch-scope.ts";
import type { BatchItemStatus, DB } from "../db/schema.ts";
import type { EventBus } from "../events/event-bus.ts";
import { loadGlossaryEntries } from "../glossary/queries.ts";
import type { Logger } from "../logger.ts";
import { lockKeysOnBranch } from "../strings/queries.ts";
import { writeStrings } from "../strings/string-writer.ts";
import { presentBatchJob } from "./batch-jobs.ts";
import {
  type BatchJobRow,
  failRunningJob,
  isBranchArchived,
  lockJob,
  selectJob,
  selectOtherTexts,
  selectPendingItemKeys,
  selectPendingItems,
  selectProjectTeamId,
  settleItemRows,
  startPendingJob,
  updateJobProgress,
} from "./queries.ts";

/** Answers for one key: attempts in all, the first being the chunk's shared call. */
const ATTEMPTS_PER_KEY = 3;

type Outcome =
  | { status: "done"; value: string }
  | { status: "failed"; error: string }
  | { status: "skipped" };

interface PendingItem {
  keyId: string;
  keyName: string;
  description: string | null;
  maxLength: number | null;
  source: string | null;
  target: string | null;
}

/** Why the batch of a branch deleted while it ran stopped. */
const branchDeleted = (name: string) => `The branch ${name} was deleted: its batch translation stopped`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Works one chunk of a batch job: one AI call for its keys, a single-key retry for each answer that
 * broke placeholders, then one transaction that writes the strings (only where still empty), marks
 * the items and moves the job's counters. A chunk run again after a crash finds its written keys
 * already marked and leaves them alone, so each key is written once.
 */
export function createChunkWorker(deps: {
  db: Kysely<DB>;
  events: EventBus;
  provider: TranslationProvider;
  logger: Logger;
  examples?: ExamplesLookup | undefined;
  pauseMs?: number;
  /** Send each key's screenshot with the chunk (config AI_SEND_SCREENSHOTS). */
  sendScreenshots?: boolean;
  /** The teams' monthly AI tokens: a chunk of a team that used them up fails its keys with why. */
  aiBudget?: AiBudget;
}) {
  const { db, events, provider, logger } = deps;
  const pauseMs = deps.pauseMs ?? BATCH_PAUSE_MS;

  async function publish(row: BatchJobRow) {
    await events.publish(row.project_id, [{ type: "batch.updated", data: presentBatchJob(row) }]);
    if (row.status === "completed" || row.status === "failed") await publishBatchCompleted(deps, row);
  }

  async function pendingItems(batchId: string, chunk: number, job: BatchJobRow): Promise<PendingItem[]> {
    const rows = await selectPendingItems(db, batchId, chunk, job);
    return rows.map((r) => ({
      keyId: r.key_id,
      keyName: r.key,
      description: r.description,
      maxLength: r.max_length,
      source: r.source,
      target: r.target,
    }));
  }

  async function otherTranslations(job: BatchJobRow, keyIds: string[]) {
    const rows = await selectOtherTexts(db, keyIds, [job.source_language, job.target_language]);
    const byKey = new Map<string, Record<string, string>>();
    for (const row of rows) {
      const entry = byKey.get(row.key_id) ?? {};
      entry[row.language_code] = row.value;
      byKey.set(row.key_id, entry);
    }
    return byKey;
  }

  /**
   * The AI part: one shared call, then single-key retries told what was wrong: up to two for broken
   * placeholders (then the key fails), one for a missed or forbidden glossary term (then the answer
   * is kept, and its stored glossary check shows it).
   */
  async function translate(
    job: BatchJobRow,
    voice: VoiceContext,
    items: (TranslationItem & { id: string })[],
    glossary: readonly GlossaryEntry[],
  ): Promise<Map<string, Outcome>> {
    const outcomes = new Map<string, Outcome>();
    const languages = { sourceLanguage: job.source_language, targetLanguage: job.target_language };
    let answers: Map<string, string>;
    try {
      answers = await provider.completeBatch({ ...voice, ...languages, items });
    } catch (error) {
      const message = (error as Error).message;
      for (const item of items) outcomes.set(item.id, { status: "failed", error: message });
      return outcomes;
    }
    for (const item of items) {
      let answer = answers.get(item.id);
      let problem =
        answer === undefined ? "it left this text out" : placeholderProblem(item.sourceText, answer);
      // Pseudo-localization cannot follow a glossary: only real answers are held to it.
      let glossaryChecked = !item.glossary?.length || provider.name === "pseudo";
      for (let attempt = 2; attempt <= ATTEMPTS_PER_KEY; attempt++) {
        if (problem === undefined && answer !== undefined && !glossaryChecked) {
          glossaryChecked = true;
          problem = glossaryProblem(glossary, {
            source: item.sourceText,
            answer,
            sourceLanguage: job.source_language,
            language: job.target_language,
          });
        }
        if (problem === undefined) break;
        try {
          answer = await provider.complete({ ...voice, ...languages, ...item, correction: problem });
          problem = placeholderProblem(item.sourceText, answer);
        } catch (error) {
          problem = (error as Error).message;
          break;
        }
      }
      if (problem === undefined && answer !== undefined) {
        outcomes.set(item.id, { status: "done", value: answer });
      } else {
        logger.warn({ batchId: job.id, keyId: item.id, problem }, "batch translation of a key failed");
        outcomes.set(item.id, { status: "failed", error: `Failed to translate: the AI answer ${problem}` });
      }
    }
    return outcomes;
  }

  /**
   * Writes the outcomes if the job still runs: strings only where still empty (a person's edit in
   * the meantime wins and the key counts as skipped), items marked, counters moved, the job
   * finished when its last item is.
   */
  async function record(
    job: BatchJobRow,
    chunk: number,
    outcomes: Map<string, Outcome>,
  ): Promise<BatchJobRow | undefined> {
    return db.transaction().execute(async (trx) => {
      const locked = await lockJob(trx, job.id);
      if (!locked || (locked.status !== "pending" && locked.status !== "processing")) return undefined;
      // The branch's row is held as the strings are written: a deletion after this writes nothing.
      const branch = currentBranch();
      if (branch && (await isBranchArchived(trx, branch.id, true))) {
        return failRunningJob(trx, job.id, branchDeleted(branch.name));
      }
      const done = [...outcomes].filter(
        (entry): entry is [string, { status: "done"; value: string }] => entry[1].status === "done",
      );
      await lockKeysOnBranch(
        trx,
        done.map(([keyId]) => keyId),
      );
      const written = await writeStrings(
        trx,
        done.map(([keyId, outcome]) => ({
          keyId,
          projectId: job.project_id,
          language: job.target_language,
          value: outcome.value,
        })),
        // Pseudo-localization is marked as such, never as a translation (issue 19).
        { origin: provider.name === "pseudo" ? "pseudo" : "ai", userId: job.created_by, onlyIfEmpty: true },
      );
      const writtenKeys = new Set(written.map((w) => w.keyId));
      const statuses: { keyId: string; status: BatchItemStatus; error: string | null }[] = [...outcomes].map(
        ([keyId, outcome]) => {
          if (outcome.status === "failed") return { keyId, status: "failed", error: outcome.error };
          if (outcome.status === "done" && writtenKeys.has(keyId))
            return { keyId, status: "done", error: null };
          return { keyId, status: "skipped", error: null };
        },
      );
      return settleItems(trx, locked, chunk, statuses);
    });
  }

  /** Marks items (only those still pending) and moves the job's counters, in the caller's transaction. */
  async function settleItems(
    trx: Transaction<DB>,
    locked: BatchJobRow,
    chunk: number,
    statuses: { keyId: string; status: BatchItemStatus; error: string | null }[],
  ): Promise<BatchJobRow> {
    const settled = await settleItemRows(trx, locked.id, chunk, statuses);
    const count = (status: BatchItemStatus) => settled.filter((r) => r.status === status).length;
    const lastError = settled.findLast((r) => r.error)?.error ?? null;
    const completed = Number(locked.completed_items) + count("done");
    const failed = Number(locked.failed_items) + count("failed");
    const skipped = Number(locked.skipped_items) + count("skipped");
    const total = Number(locked.total_items);
    const resolved = completed + failed + skipped;
    const finished = resolved >= total;
    // All failed and nothing translated: the job failed (spec: 'Translation failed' or the message).
    const status = !finished ? "processing" : completed + skipped === 0 ? "failed" : "completed";
    if (finished) {
      const teamId = await selectProjectTeamId(trx, locked.project_id);
      // Written with the job's last counters, in their transaction: in the feed exactly when it ended.
      await recordActivity(trx, {
        teamId,
        projectId: locked.project_id,
        userId: locked.created_by,
        kind: "batch.completed",
        count: completed,
        languages: [locked.target_language],
        details: { batchId: locked.id, status, translated: completed, failed, skipped },
      });
    }
    return updateJobProgress(trx, locked.id, {
      status,
      completed_items: completed,
      failed_items: failed,
      skipped_items: skipped,
      progress_percentage: total === 0 ? 100 : Math.floor((resolved * 100) / total),
      // A job that goes on past failed keys keeps the latest reason (the team's token limit, say),
      // so its end notice can say why keys failed.
      error_message:
        status === "failed" ? (lastError ?? "Translation failed") : (lastError ?? locked.error_message),
    });
  }

  return {
    async processChunk(batchId: string, chunk: number): Promise<void> {
      let job = await selectJob(db, batchId);
      if (!job || (job.status !== "pending" && job.status !== "processing")) return;
      // A chunk of a branch (issue 39) runs in its scope (translate-chunk.job.ts); one of a branch
      // deleted since ends the job instead of calling the AI.
      const branch = currentBranch();
      if (branch && (await isBranchArchived(db, branch.id))) {
        const stopped = await failRunningJob(db, batchId, branchDeleted(branch.name));
        if (stopped) await publish(stopped);
        return;
      }
      if (job.status === "pending") {
        const started = await startPendingJob(db, batchId);
        if (started) {
          job = started;
          await publish(started);
        }
      }
      const pending = await pendingItems(batchId, chunk, job);
      if (pending.length === 0) return;

      const outcomes = new Map<string, Outcome>();
      const translatable: PendingItem[] = [];
      for (const item of pending) {
        if (item.target) outcomes.set(item.keyId, { status: "skipped" });
        else if (!item.source?.trim())
          outcomes.set(item.keyId, { status: "failed", error: "No source text found" });
        else translatable.push(item);
      }
      let pause = Promise.resolve();
      const teamId = await selectProjectTeamId(db, job.project_id);
      // AI_MONTHLY_TOKEN_LIMIT reached (by this batch or anything else): the chunk calls nothing and
      // its keys fail with the reason, written like any outcome below.
      const overLimit = translatable.length > 0 ? await deps.aiBudget?.exhausted(teamId) : undefined;
      if (overLimit !== undefined) {
        for (const item of translatable.splice(0))
          outcomes.set(item.keyId, { status: "failed", error: overLimit });
      }
      if (translatable.length > 0) {
        const keyIds = translatable.map((item) => item.keyId);
        const [voice, others, examples, glossary, images] = await Promise.all([
          loadVoice(db, teamId, job.model),
          otherTranslations(job, keyIds),
          deps.examples?.({
            teamId,
            sourceLanguage: job.source_language,
            targetLanguage: job.target_language,
            texts: translatable.map((item) => ({ keyId: item.keyId, text: item.source ?? "" })),
          }),
          loadGlossaryEntries(db, teamId),
          keyImages(db, keyIds, (deps.sendScreenshots ?? true) && provider.name !== "pseudo"),
        ]);
        const items = translatable.map((item) => {
          const source = item.source ?? "";
          const hints = glossaryHints(glossary, source, job.source_language, job.target_language);
          const image = images.get(item.keyId);
          return {
            id: item.keyId,
            keyName: item.keyName,
            ...(item.description ? { description: item.description } : {}),
            ...(item.maxLength !== null ? { maxLength: item.maxLength } : {}),
            sourceText: source,
            otherTranslations: others.get(item.keyId) ?? {},
            placeholders: [...new Set(detectPlaceholders(source).map((p) => p.raw))],
            examples: examples?.get(item.keyId) ?? [],
            ...(hints.length > 0 ? { glossary: hints } : {}),
            ...(image ? { image } : {}),
          };
        });
        // The cancel check before the AI call saves a call; the one in `record` is what guarantees it.
        const fresh = await selectJob(db, batchId);
        if (!fresh || (fresh.status !== "pending" && fresh.status !== "processing")) return;
        for (const [keyId, outcome] of await translate(job, voice, items, glossary))
          outcomes.set(keyId, outcome);
        // Spec point 9: a 100 ms pause after each chunk; it runs while the chunk is written.
        pause = sleep(pauseMs);
      }
      const updated = await record(job, chunk, outcomes);
      if (updated) await publish(updated);
      await pause;
    },

    /**
     * A chunk that failed its last attempt (the database, not the AI, kept failing): its keys are
     * marked failed so the job still finishes and says why.
     */
    async failChunk(batchId: string, chunk: number, message: string): Promise<void> {
      const updated = await db.transaction().execute(async (trx) => {
        const locked = await lockJob(trx, batchId);
        if (!locked || (locked.status !== "pending" && locked.status !== "processing")) return undefined;
        const keyIds = await selectPendingItemKeys(trx, batchId, chunk);
        return settleItems(
          trx,
          locked,
          chunk,
          keyIds.map((keyId) => ({ keyId, status: "failed" as const, error: message })),
        );
      });
      if (updated) await publish(updated);
    },
  };
}

export type ChunkWorker = ReturnType<typeof createChunkWorker>;
