import type { AssistAction } from "../../shared/schemas/assist.ts";

/** The team's voice, carried by every AI call (DESIGN.md §6). */
export interface VoiceContext {
  /** The team the call is made for: its usage is counted there (issue 22). */
  teamId: string;
  productContext: string;
  brandTone: string;
  toneRules: string[];
  model: string;
}

/** A past translation of similar source text (translation memory), given to the AI as an example. */
export interface TranslationExample {
  source: string;
  translation: string;
  /** Percent, 0-100. */
  similarity: number;
}

/** Similar earlier translations per key (translation memory), given to the AI as examples. */
export type ExamplesLookup = (args: {
  teamId: string;
  sourceLanguage: string;
  targetLanguage: string;
  texts: { keyId: string; text: string }[];
}) => Promise<Map<string, TranslationExample[]>>;

/** A glossary term found in the source text, as the model is told it (issue 21). */
export interface GlossaryHint {
  term: string;
  /** The approved translation in the target language (a do-not-translate name: the name itself). */
  translation?: string;
  doNotTranslate?: boolean;
  /** The word never to use (a forbidden term), in the target language. */
  forbidden?: string;
  description?: string;
}

/** The key's screenshot (issue 21), sent to endpoints whose models read images. */
export interface KeyImage {
  mime: string;
  base64: string;
  width: number;
  height: number;
  /** Where the key's text is on the image, in image pixels; null: anywhere on it. */
  rect: { x: number; y: number; width: number; height: number } | null;
}

/** One string to translate, with what the model needs to know about it. */
export interface TranslationItem {
  keyName: string;
  /** The key's description for translators (issue 15). */
  description?: string;
  /** Characters the translation may have at most. */
  maxLength?: number;
  sourceText: string;
  /** Existing translations of the key in other languages, as context. */
  otherTranslations: Record<string, string>;
  /** Placeholders that must appear in the answer exactly as written. */
  placeholders: string[];
  examples?: TranslationExample[];
  /** The team's glossary terms the source text contains. */
  glossary?: GlossaryHint[];
  /** The key's screenshot, when there is one and sending them is on. */
  image?: KeyImage;
}

/** What one AI translation call carries (DESIGN.md §6). */
export interface TranslationRequest extends VoiceContext, TranslationItem {
  sourceLanguage: string;
  targetLanguage: string;
  /** Set on a retry: what was wrong with the previous answer. */
  correction?: string;
}

/** Many strings in one call (a batch chunk); each item carries an id the answer repeats. */
export interface BatchTranslationRequest extends VoiceContext {
  sourceLanguage: string;
  targetLanguage: string;
  items: (TranslationItem & { id: string })[];
}

/** A writing-assistant call on a source string: the suggestion is shown, never saved by itself. */
export interface AssistRequest extends VoiceContext {
  action: AssistAction;
  language: string;
  keyName: string;
  text: string;
  placeholders: string[];
  /** Glossary terms of the text: kept, and forbidden ones avoided. */
  glossary?: GlossaryHint[];
  correction?: string;
}

export interface TranslationProvider {
  name: "openai" | "pseudo";
  model: string;
  /** The translated text (not yet checked). Throws AppError with the spec's AI error texts. */
  complete(request: TranslationRequest): Promise<string>;
  /** Item id → translated text (not yet checked); ids the answer left out are missing. */
  completeBatch(request: BatchTranslationRequest): Promise<Map<string, string>>;
  /** The rewritten text (not yet checked). */
  assist(request: AssistRequest): Promise<string>;
}
