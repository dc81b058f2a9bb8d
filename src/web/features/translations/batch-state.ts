import type { BatchJob } from "../../../shared/schemas/batch.ts";
import type { KeyFacets } from "../../../shared/schemas/key-filters.ts";
import type { LanguageCompletion } from "../../../shared/schemas/projects.ts";

/** Spec point 4: batch translation per language in the UI. */
export type BatchPhase =
  | { phase: "idle"; missing: number; pseudo: number }
  | { phase: "preparing" }
  | { phase: "translating"; done: number; total: number }
  | { phase: "complete" };

/**
 * Where one language stands: a running job decides (pending is still preparing); without one, the
 * completion counts do (complete when no key is missing and none is pseudo-localized). `starting`
 * covers the start request.
 */
export function batchPhase(
  job: BatchJob | undefined,
  starting: boolean,
  completion: LanguageCompletion | undefined,
): BatchPhase {
  if (job && (job.status === "pending" || job.status === "processing")) {
    if (job.status === "pending") return { phase: "preparing" };
    return {
      phase: "translating",
      done: job.completedItems + job.failedItems + job.skippedItems,
      total: job.totalItems,
    };
  }
  if (starting) return { phase: "preparing" };
  if (completion?.isComplete) return { phase: "complete" };
  return { phase: "idle", missing: completion?.missingKeys ?? 0, pseudo: completion?.pseudoKeys ?? 0 };
}

/**
 * With the Overview's filters on, the bar is about the filtered keys: its count is the missing keys
 * among them (`matchingMissing`), whatever the whole language's state. A running job shows as is.
 */
export function filteredBatchPhase(phase: BatchPhase, facets: KeyFacets | undefined): BatchPhase {
  if (!facets || phase.phase === "preparing" || phase.phase === "translating") return phase;
  return { phase: "idle", missing: facets.matchingMissing, pseudo: 0 };
}

/** How many keys "Translate N missing" takes: pseudo-localized ones too when a real AI replaces them. */
export function keysToTranslate(phase: BatchPhase, replacesPseudo: boolean): number {
  if (phase.phase !== "idle") return 0;
  return phase.missing + (replacesPseudo ? phase.pseudo : 0);
}

/** The notice when a job ends, as the spec words them (point 8). */
export function batchEndNotice(
  job: BatchJob,
  languageLabel: string,
  /** The built-in pseudo-localization did it (no AI service): said as the bar says it. */
  pseudo = false,
): { kind: "success" | "error" | "info"; text: string } | undefined {
  switch (job.status) {
    case "completed": {
      if (pseudo && job.failedItems === 0) {
        return {
          kind: "info",
          text: `${languageLabel} pseudo-localization complete: ${job.completedItems.toLocaleString("en")} pseudo-localized, not translated (no AI service is set up)`,
        };
      }
      const parts = [`${job.completedItems.toLocaleString("en")} translated`];
      if (job.failedItems > 0) parts.push(`${job.failedItems.toLocaleString("en")} failed`);
      if (job.skippedItems > 0)
        parts.push(`${job.skippedItems.toLocaleString("en")} already translated by someone`);
      // Why keys failed, when the job knows (the last reason: the team's AI token limit, say).
      const why = job.failedItems > 0 && job.errorMessage ? ` (${job.errorMessage})` : "";
      return {
        kind: job.failedItems > 0 ? "info" : "success",
        text: `${languageLabel} translation complete: ${parts.join(", ")}${why}`,
      };
    }
    case "failed":
      return {
        kind: "error",
        text: `${languageLabel} translation failed: ${job.errorMessage ?? "Translation failed"}`,
      };
    case "cancelled":
      return { kind: "info", text: `${languageLabel} translation cancelled` };
    default:
      return undefined;
  }
}
