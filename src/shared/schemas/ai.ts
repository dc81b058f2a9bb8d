import { z } from "zod";

export const AI_MODELS = ["gpt-4o-mini", "gpt-4o"] as const;

/** Which provider answers AI calls; `pseudo` is the built-in offline pseudo-localization. */
export const aiStatusSchema = z.object({
  provider: z.enum(["openai", "pseudo"]),
  model: z.string(),
  /** Shown in the UI when the provider is not a real translator. */
  notice: z.string().nullable(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

export const translateBodySchema = z.object({ model: z.string().max(100).optional() });
export type TranslateBody = z.infer<typeof translateBodySchema>;

export const PSEUDO_NOTICE = "AI provider: pseudo-localization — set AI_API_KEY for real translations";
