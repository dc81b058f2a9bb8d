import { z } from "zod";

/** At most this many suggestions per cell. */
export const MEMORY_SUGGESTION_LIMIT = 5;

/**
 * One translation memory suggestion (issue 4): another key of the team whose source text is identical
 * or similar to this key's, with its translation into the language being edited.
 */
export const memorySuggestionSchema = z.object({
  keyId: z.string(),
  keyName: z.string(),
  projectName: z.string(),
  /** The other key's source text. */
  source: z.string(),
  /** Its translation into the language asked for: what "use" puts into the editor. */
  translation: z.string(),
  /** Match percentage, 0-100: 100 only for an identical source text. */
  similarity: z.number().int().min(0).max(100),
});
export type MemorySuggestion = z.infer<typeof memorySuggestionSchema>;

/** Best first; empty when nothing matches. */
export const memorySuggestionListSchema = z.object({
  suggestions: z.array(memorySuggestionSchema).max(MEMORY_SUGGESTION_LIMIT),
});
export type MemorySuggestionList = z.infer<typeof memorySuggestionListSchema>;
