import { z } from "zod";

/** Spec point 9: the tone and product context used when a team has written none. */
export const DEFAULT_TONE =
  "Clear, concise and friendly. Use plain language and avoid jargon. Be respectful and consistent.";
export const DEFAULT_PRODUCT_CONTEXT = "No product context";
/** Spec point 9: the title of a new section. */
export const DEFAULT_SECTION_TITLE = "Untitled Section";

export const TONE_TEXT_MAX = 10_000;
export const SECTION_TITLE_MAX = 255;
export const RULES_MAX = 200;
export const RULE_MAX = 1_000;

/** A team's tone of voice. Null when nothing is written (the AI then uses the defaults above). */
export const toneSettingsSchema = z.object({
  productContext: z.string().nullable(),
  brandTone: z.string().nullable(),
});
export type ToneSettings = z.infer<typeof toneSettingsSchema>;

/** Spec point 5: tone texts are trimmed and stored as null when empty. */
const toneText = (name: string) =>
  z
    .string()
    .max(TONE_TEXT_MAX, `${name} must be at most ${TONE_TEXT_MAX.toLocaleString("en")} characters`)
    .nullable()
    .transform((value) => {
      const trimmed = value?.trim() ?? "";
      return trimmed === "" ? null : trimmed;
    });

/** Either block or both; a block not named is left as it is. */
export const updateToneSettingsBodySchema = z
  .object({
    productContext: toneText("Product context").optional(),
    brandTone: toneText("Brand tone").optional(),
  })
  .refine((body) => body.productContext !== undefined || body.brandTone !== undefined, "Nothing to update");
export type UpdateToneSettingsBody = z.input<typeof updateToneSettingsBodySchema>;

export const toneSectionSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  title: z.string(),
  description: z.string(),
  rules: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ToneSection = z.infer<typeof toneSectionSchema>;
export const toneSectionListSchema = z.object({ sections: z.array(toneSectionSchema) });

/** Trimmed; an empty title becomes 'Untitled Section'. */
const sectionTitle = z
  .string()
  .trim()
  .max(SECTION_TITLE_MAX, `Section title must be at most ${SECTION_TITLE_MAX} characters`)
  .transform((title) => (title === "" ? DEFAULT_SECTION_TITLE : title));
const sectionDescription = z
  .string()
  .trim()
  .max(TONE_TEXT_MAX, `Section description must be at most ${TONE_TEXT_MAX.toLocaleString("en")} characters`);

/** Spec point 5: rules are trimmed; blank ones are dropped. */
export function cleanRules(rules: readonly string[]): string[] {
  return rules.map((rule) => rule.trim()).filter((rule) => rule !== "");
}
const sectionRules = z
  .array(
    z
      .string()
      .trim()
      .max(RULE_MAX, `A rule must be at most ${RULE_MAX.toLocaleString("en")} characters`),
  )
  .max(RULES_MAX, `A section can have at most ${RULES_MAX} rules`)
  .transform(cleanRules);

export const createToneSectionBodySchema = z.object({
  title: sectionTitle.optional(),
  description: sectionDescription.optional(),
  rules: sectionRules.optional(),
});
export type CreateToneSectionBody = z.input<typeof createToneSectionBodySchema>;

export const updateToneSectionBodySchema = z
  .object({
    title: sectionTitle.optional(),
    description: sectionDescription.optional(),
    rules: sectionRules.optional(),
  })
  .refine(
    (body) => body.title !== undefined || body.description !== undefined || body.rules !== undefined,
    "Nothing to update",
  );
export type UpdateToneSectionBody = z.input<typeof updateToneSectionBodySchema>;
