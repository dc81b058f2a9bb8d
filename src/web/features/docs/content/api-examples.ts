import type { PullFormat, PullPlaceholderFormat } from "../../../../shared/schemas/pull.ts";

/**
 * The example project of the pull API page and the files the pull API answers for its German
 * strings. Written out here (the web bundle does not carry the file writers); the tests build the
 * same files with the real format registry and placeholder engine and compare.
 */
export const EXAMPLE_PROJECT = {
  sourceLanguage: "en",
  strings: {
    en: { "checkout.title": "Checkout", greeting: "Hello {name}!" },
    de: { "checkout.title": "Kasse", greeting: "Hallo {name}!" },
  },
} as const;

export interface PullExample {
  format: PullFormat;
  placeholderFormat: PullPlaceholderFormat;
  fileName: string;
  contentType: string;
  body: string;
}

export const PULL_EXAMPLES: readonly PullExample[] = [
  {
    format: "json",
    placeholderFormat: "web",
    fileName: "de.json",
    contentType: "application/json; charset=utf-8",
    body: `{
  "checkout.title": "Kasse",
  "greeting": "Hallo {name}!"
}`,
  },
  {
    format: "strings",
    placeholderFormat: "ios",
    fileName: "de.strings",
    contentType: "text/plain; charset=utf-8",
    body: `"checkout.title" = "Kasse";

"greeting" = "Hallo %@!";`,
  },
  {
    format: "android",
    placeholderFormat: "android",
    fileName: "de.xml",
    contentType: "application/xml; charset=utf-8",
    body: `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="checkout.title">Kasse</string>
    <string name="greeting">Hallo %1$s!</string>
</resources>`,
  },
];

/** What translations.zip holds for each format (every language of the project). */
export const ZIP_PATHS: Record<PullFormat, string> = {
  json: "en.json, de.json",
  strings: "en.lproj/Localizable.strings, de.lproj/Localizable.strings",
  android: "values-en/strings.xml, values-de/strings.xml",
};
