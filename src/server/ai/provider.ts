/** What one AI translation call carries (DESIGN.md §6). */
export interface TranslationRequest {
  sourceLanguage: string;
  targetLanguage: string;
  keyName: string;
  sourceText: string;
  /** Existing translations of the key in other languages, as context. */
  otherTranslations: Record<string, string>;
  /** Placeholders that must appear in the answer exactly as written. */
  placeholders: string[];
  productContext: string;
  brandTone: string;
  toneRules: string[];
  model: string;
  /** Set on a retry: what was wrong with the previous answer. */
  correction?: string;
}

export interface TranslationProvider {
  name: "openai" | "pseudo";
  model: string;
  /** The translated text (not yet checked). Throws AppError with the spec's AI error texts. */
  complete(request: TranslationRequest): Promise<string>;
}
