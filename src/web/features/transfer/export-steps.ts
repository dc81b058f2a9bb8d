/**
 * Spec points 4 and 9: the export's progress steps, 25 % each, on screen at least 2 s, 2 s, 1 s and
 * 1 s, then Complete at 100 %.
 */
export const EXPORT_STEPS = [
  { label: "Gathering translations", ms: 2000 },
  { label: "Processing files", ms: 2000 },
  { label: "Creating ZIP file", ms: 1000 },
  { label: "Downloading", ms: 1000 },
] as const;
export const EXPORT_COMPLETE = "Complete";

const GATHERED_AT = 2000;
const PROCESSED_AT = 4000;
const ZIPPED_AT = 5000;
const DOWNLOAD_MS = 1000;

/**
 * When Downloading starts (ms after the request): once "Creating ZIP file" had its second and the
 * zip is in; while the server works the step waits for it rather than pretend. Null until answered.
 */
export function downloadStartsAt(answeredAtMs: number | null): number | null {
  return answeredAtMs === null ? null : Math.max(ZIPPED_AT, answeredAtMs);
}

export interface ExportStep {
  label: string;
  percent: number;
  /** 0-3 for the steps, 4 for Complete. */
  index: number;
}

/** The step shown `elapsedMs` after the request started, the answer having come `answeredAtMs` in. */
export function exportStep(elapsedMs: number, answeredAtMs: number | null): ExportStep {
  const downloadAt = downloadStartsAt(answeredAtMs);
  let index = 2;
  if (elapsedMs < GATHERED_AT) index = 0;
  else if (elapsedMs < PROCESSED_AT) index = 1;
  else if (downloadAt !== null && elapsedMs >= downloadAt)
    index = elapsedMs < downloadAt + DOWNLOAD_MS ? 3 : 4;
  return { label: EXPORT_STEPS[index]?.label ?? EXPORT_COMPLETE, percent: index * 25, index };
}

/** The next time (ms after the start) the step changes, or null when it waits for the answer or is done. */
export function nextStepAt(elapsedMs: number, answeredAtMs: number | null): number | null {
  if (elapsedMs < GATHERED_AT) return GATHERED_AT;
  if (elapsedMs < PROCESSED_AT) return PROCESSED_AT;
  const downloadAt = downloadStartsAt(answeredAtMs);
  if (downloadAt === null) return null;
  if (elapsedMs < downloadAt) return downloadAt;
  if (elapsedMs < downloadAt + DOWNLOAD_MS) return downloadAt + DOWNLOAD_MS;
  return null;
}
