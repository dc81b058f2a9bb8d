import { errorMessage } from "../../lib/api-client.ts";

/** The reason to put after a spec error text ('Failed to add section: {reason}'). */
export function reason(error: unknown): string {
  return errorMessage(
    error,
    error instanceof Error && error.message !== "" ? error.message : "Unknown error",
  );
}

/**
 * Spec point 8's banner for a tone page that did not load: 'Error loading data: {msg}', the message
 * naming the part that failed ('Settings fetch failed: …' or 'Sections fetch failed: …').
 */
export function loadErrorText(settingsError: unknown, sectionsError: unknown): string | null {
  if (settingsError) return `Error loading data: Settings fetch failed: ${reason(settingsError)}`;
  if (sectionsError) return `Error loading data: Sections fetch failed: ${reason(sectionsError)}`;
  return null;
}

/** Spec point 8's banner after product context or brand tone failed to save. */
export function saveErrorText(error: unknown): string {
  return `Error saving settings: ${reason(error)}`;
}
