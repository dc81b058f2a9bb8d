import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { languageName } from "../../../../shared/languages.ts";
import { type BatchJob, isBatchRunning } from "../../../../shared/schemas/batch.ts";
import type { KeyFilters } from "../../../../shared/schemas/key-filters.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { useAiStatus } from "../api/ai-status.ts";
import { activeBatchesQueryOptions, cancelBatch, getBatch, startBatch } from "../api/batch-translations.ts";
import { batchEndNotice } from "../batch-state.ts";

/** How long a job that ended unseen shows its final 'x of y' before the bar says complete. */
export const FINAL_COUNT_SHOWN_MS = 1_200;

function notify(job: BatchJob, pseudo: boolean) {
  const notice = batchEndNotice(job, languageName(job.targetLanguage), pseudo);
  if (!notice) return;
  if (notice.kind === "success") toast.success(notice.text);
  else if (notice.kind === "error") toast.error(notice.text);
  else toast.info(notice.text);
}

/**
 * The project's batch translations: the running jobs (from the server, kept current by
 * `batch.updated` events and a poll as the spec's fallback), starting and cancelling them, and the
 * notices when a job this tab started ends.
 */
export function useBatchTranslation(projectId: string) {
  const queryClient = useQueryClient();
  const active = useQuery(activeBatchesQueryOptions(projectId));
  const aiStatus = useAiStatus();
  const pseudo = aiStatus.data?.provider === "pseudo";
  const mine = useRef(new Set<string>());
  const cancelOnStart = useRef(new Set<string>());
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());

  /** When this tab first showed a job as translating ('x of y'), by job. */
  const shownTranslating = useRef(new Map<string, number>());

  const finished = useCallback(
    (job: BatchJob) => {
      shownTranslating.current.delete(job.id);
      queryClient.setQueryData<BatchJob[]>(queryKeys.projectBatches(projectId), (old) =>
        old?.filter((j) => j.id !== job.id),
      );
      // The strings it wrote: one refetch of the key lists and counts at the end.
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectKeys(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectCompletion(projectId) });
      if (mine.current.delete(job.id)) notify(job, pseudo);
    },
    [queryClient, projectId, pseudo],
  );

  /**
   * A job that ended. Spec point 4 names the bar's states in order, preparing, translating 'x of y',
   * complete: a job of this tab that ended before its 'x of y' was on screen for a moment (the
   * pseudo-localizer does 400 keys in a second) shows its final count first, so the person sees
   * what was done.
   */
  const ended = useCallback(
    (job: BatchJob) => {
      const shownFor = Date.now() - (shownTranslating.current.get(job.id) ?? Date.now());
      if (!mine.current.has(job.id) || job.status !== "completed" || shownFor >= FINAL_COUNT_SHOWN_MS) {
        finished(job);
        return;
      }
      queryClient.setQueryData<BatchJob[]>(queryKeys.projectBatches(projectId), (old) => [
        ...(old ?? []).filter((j) => j.id !== job.id),
        { ...job, status: "processing" },
      ]);
      setTimeout(() => finished(job), FINAL_COUNT_SHOWN_MS - shownFor);
    },
    [queryClient, projectId, finished],
  );

  /** A `batch.updated` event, or any fresh copy of a job. */
  const received = useCallback(
    (job: BatchJob) => {
      if (!isBatchRunning(job.status)) {
        ended(job);
        return;
      }
      if (job.status === "processing" && !shownTranslating.current.has(job.id)) {
        shownTranslating.current.set(job.id, Date.now());
      }
      queryClient.setQueryData<BatchJob[]>(queryKeys.projectBatches(projectId), (old) => {
        const others = (old ?? []).filter((j) => j.id !== job.id);
        return [...others, job];
      });
    },
    [queryClient, projectId, ended],
  );

  // A job of ours that left the running list without its last event reaching us: ask for it.
  const running = active.data;
  useEffect(() => {
    if (!running) return;
    for (const id of mine.current) {
      if (running.some((job) => job.id === id)) continue;
      void getBatch(id)
        .then((job) => {
          if (!isBatchRunning(job.status)) ended(job);
        })
        .catch(() => {});
    }
  }, [running, ended]);

  const cancel = useCallback(
    (job: BatchJob) => {
      cancelBatch(job.id)
        .then(ended)
        .catch((error: unknown) => {
          // The server's message, else its status text, else the connection problem (ApiError's message).
          const message = error instanceof Error && error.message !== "" ? error.message : "Unknown error";
          toast.error(`Failed to cancel batch translation: ${message}`);
          void queryClient.invalidateQueries({ queryKey: queryKeys.projectBatches(projectId) });
        });
    },
    [ended, queryClient, projectId],
  );

  const start = useCallback(
    (language: string, missing: number, filters?: KeyFilters) => {
      const label = languageName(language);
      if (missing === 0) {
        toast.info(`No empty translations found for ${label}`);
        return;
      }
      setStarting((old) => new Set(old).add(language));
      // With the Overview's filters: only the keys they keep (issue 19).
      startBatch(projectId, filters ? { language, filters } : { language })
        .then((job) => {
          mine.current.add(job.id);
          toast.info(
            `Starting batch translation of ${job.totalItems.toLocaleString("en")} keys to ${label}...`,
          );
          received(job);
          if (cancelOnStart.current.delete(language)) cancel(job);
        })
        .catch((error: unknown) => {
          cancelOnStart.current.delete(language);
          toast.error(`Failed to start ${label} translation`, {
            description: errorMessage(error, "Please try again."),
          });
        })
        .finally(() =>
          setStarting((old) => {
            const next = new Set(old);
            next.delete(language);
            return next;
          }),
        );
    },
    [projectId, received, cancel],
  );

  /** Cancels the language's job, or asks for the cancel as soon as the start answers. */
  const cancelLanguage = useCallback(
    (language: string) => {
      const job = running?.find((j) => j.targetLanguage === language);
      if (job) cancel(job);
      else if (starting.has(language)) cancelOnStart.current.add(language);
    },
    [running, starting, cancel],
  );

  return {
    jobFor: (language: string) => running?.find((job) => job.targetLanguage === language),
    isStarting: (language: string) => starting.has(language),
    start,
    cancel: cancelLanguage,
    received,
  };
}
