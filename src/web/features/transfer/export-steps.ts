/** Spec points 4 and 9: the export's progress steps, 25 % each, shown 2 s, 2 s, 1 s, 1 s. */
export const EXPORT_STEPS = [
  { label: "Gathering translations", ms: 2000 },
  { label: "Processing files", ms: 2000 },
  { label: "Creating ZIP file", ms: 1000 },
  { label: "Downloading", ms: 1000 },
] as const;
export const EXPORT_COMPLETE = "Complete";

/**
 * The step shown `elapsedMs` after the request started. The first three steps advance on the
 * spec's timings while the server works, but never past "Creating ZIP file" before the answer is
 * in; once it is, the download and Complete follow at once — a fast export is not held back.
 */
export function exportStep(
  elapsedMs: number,
  answered: boolean,
  saved: boolean,
): { label: string; percent: number } {
  if (saved) return { label: EXPORT_COMPLETE, percent: 100 };
  if (answered) return { label: "Downloading", percent: 75 };
  let at = 0;
  for (let i = 0; i < 3; i++) {
    const step = EXPORT_STEPS[i];
    if (!step) break;
    at += step.ms;
    if (elapsedMs < at || i === 2) return { label: step.label, percent: i * 25 };
  }
  return { label: "Creating ZIP file", percent: 50 };
}
