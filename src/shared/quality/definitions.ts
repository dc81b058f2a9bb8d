import { z } from "zod";
import type { GlossaryEntry } from "../glossary/match.ts";

/**
 * The quality checks of a string (issue 21): stable ids (stored per string, turned off per
 * project), a severity and the words a person sees in settings and filters.
 */
export const CHECK_IDS = [
  "placeholders",
  "whitespace",
  "double_space",
  "punctuation",
  "newlines",
  "markup",
  "urls",
  "emails",
  "numbers",
  "max_length",
  "same_as_source",
  "glossary_missing",
  "glossary_forbidden",
  "icu_syntax",
  "plural_forms",
] as const;

export type CheckId = (typeof CHECK_IDS)[number];

export const checkIdSchema = z.enum(CHECK_IDS);

/** An error breaks the app that shows the string (or a hard rule); a warning is worth a look. */
export type Severity = "error" | "warning";

export interface CheckDefinition {
  /** Short, for settings and filters. */
  title: string;
  /** One sentence for the docs and the settings. */
  description: string;
  severity: Severity;
}

export const CHECKS: Record<CheckId, CheckDefinition> = {
  placeholders: {
    title: "Placeholders",
    description: "The translation has the same placeholders as the source, in any of the supported syntaxes.",
    severity: "error",
  },
  whitespace: {
    title: "Leading/trailing whitespace",
    description: "The translation starts and ends with the same spaces and line breaks as the source.",
    severity: "warning",
  },
  double_space: {
    title: "Double spaces",
    description: "The text has no two spaces in a row (unless the source has them too).",
    severity: "warning",
  },
  punctuation: {
    title: "Ending punctuation",
    description:
      "The translation ends with the same kind of punctuation as the source, in the language's own form (。 ؟ ;…).",
    severity: "warning",
  },
  newlines: {
    title: "Line breaks",
    description: "The translation has as many line breaks as the source.",
    severity: "warning",
  },
  markup: {
    title: "Markup",
    description: "The translation has the same HTML/XML tags as the source.",
    severity: "error",
  },
  urls: {
    title: "URLs",
    description: "Every URL of the source appears unchanged in the translation, and no other.",
    severity: "warning",
  },
  emails: {
    title: "E-mail addresses",
    description: "Every e-mail address of the source appears unchanged in the translation, and no other.",
    severity: "warning",
  },
  numbers: {
    title: "Numbers",
    description:
      "The translation has the same numbers as the source, whatever the digit grouping or decimal mark.",
    severity: "warning",
  },
  max_length: {
    title: "Max length",
    description: "The text is not longer than the key's max length.",
    severity: "error",
  },
  same_as_source: {
    title: "Same as source",
    description: "The translation is not a copy of the source text (names and numbers alone are fine).",
    severity: "warning",
  },
  glossary_missing: {
    title: "Glossary term not used",
    description: "Each glossary term of the source is translated with its approved translation.",
    severity: "warning",
  },
  glossary_forbidden: {
    title: "Forbidden term",
    description: "The text uses none of the glossary's forbidden terms.",
    severity: "warning",
  },
  icu_syntax: {
    title: "ICU syntax",
    description: "The text is a valid ICU message (balanced braces, well-formed plural and select).",
    severity: "error",
  },
  plural_forms: {
    title: "Plural forms",
    description: "Each ICU plural has every form the language needs (its CLDR plural categories).",
    severity: "error",
  },
};

export interface CheckInput {
  /** The source text; undefined when the string IS the source-language string. */
  source: string | undefined;
  /** The string checked. */
  value: string;
  /** The project's source language code, e.g. "en". */
  sourceLanguage: string;
  /** The string's language. */
  language: string;
  /** The key's max length. */
  maxLength?: number | null;
  glossary?: readonly GlossaryEntry[];
}

export interface Finding {
  id: CheckId;
  severity: Severity;
  message: string;
  /** The whole corrected value, only when the fix is safe. */
  fix?: string;
}
