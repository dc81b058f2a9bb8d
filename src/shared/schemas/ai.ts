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

/**
 * For owners and admins, who can act on it (issue 19): what the built-in provider does and how to
 * get real translations.
 */
export const PSEUDO_NOTICE =
  "AI translation is in pseudo-localization mode: it writes marked test text, never counted as translated. Set AI_API_KEY on the server for real translations.";
