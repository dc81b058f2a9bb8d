import { z } from "zod";

/** The writing assistant's actions on a source-language string, with their button labels. */
export const ASSIST_ACTIONS = ["rephrase", "shorten", "expand", "fix_grammar", "match_tone"] as const;
export const assistActionSchema = z.enum(ASSIST_ACTIONS);
export type AssistAction = z.infer<typeof assistActionSchema>;

export const ASSIST_LABELS: Record<AssistAction, string> = {
  rephrase: "Rephrase",
  shorten: "Shorten",
  expand: "Expand",
  fix_grammar: "Fix grammar",
  match_tone: "Match tone",
};

/** Longest text the assistant takes: the same limit as a saved string. */
export const ASSIST_TEXT_MAX = 10_000;

/**
 * `text` is the editor's unsaved draft; without it the saved string is used. Nothing is saved: the
 * answer is a suggestion the user accepts or dismisses.
 */
export const assistBodySchema = z.object({
  action: z.enum(ASSIST_ACTIONS, {
    error: `Unknown writing-assistant action; use one of ${ASSIST_ACTIONS.join(", ")}`,
  }),
  text: z
    .string({ error: "Text must be a string" })
    .max(ASSIST_TEXT_MAX, `Text must be at most ${ASSIST_TEXT_MAX.toLocaleString("en")} characters`)
    .optional(),
});
export type AssistBody = z.infer<typeof assistBodySchema>;

export const assistAnswerSchema = z.object({
  action: assistActionSchema,
  /** The text the suggestion was made from. */
  original: z.string(),
  suggestion: z.string(),
});
export type AssistAnswer = z.infer<typeof assistAnswerSchema>;
