import type { PullFormat, PullPlaceholderFormat } from "../../../../shared/schemas/pull.ts";

/**
 * The example project of the pull API page and the files the pull API answers for its German
 * strings. Written out here (the web bundle does not carry the file writers); the tests build the
 * same files with the real format registry and placeholder engine and compare.
 */
export const EXAMPLE_PROJECT = {
  sourceLanguage: "en",
  strings: {
    en: {
      "checkout.title": "Checkout",
      greeting: "Hello {name}!",
      files: "{count, plural, one {{count} file} other {{count} files}}",
    },
    de: {
      "checkout.title": "Kasse",
      greeting: "Hallo {name}!",
      files: "{count, plural, one {{count} Datei} other {{count} Dateien}}",
    },
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
  "greeting": "Hallo {name}!",
  "files": "{count, plural, one {{count} Datei} other {{count} Dateien}}"
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
    format: "stringsdict",
    placeholderFormat: "ios",
    fileName: "de.stringsdict",
    contentType: "application/x-plist; charset=utf-8",
    body: `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>files</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@count@</string>
		<key>count</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>lld</string>
			<key>one</key>
			<string>%lld Datei</string>
			<key>other</key>
			<string>%lld Dateien</string>
		</dict>
	</dict>
</dict>
</plist>`,
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
    <plurals name="files">
        <item quantity="one">%1$d Datei</item>
        <item quantity="other">%1$d Dateien</item>
    </plurals>
</resources>`,
  },
];

/** What translations.zip holds for each format (every language of the project). */
export const ZIP_PATHS: Record<PullFormat, string> = {
  json: "en.json, de.json",
  strings: "en.lproj/Localizable.strings, de.lproj/Localizable.strings",
  stringsdict: "en.lproj/Localizable.stringsdict, de.lproj/Localizable.stringsdict",
  android: "values-en/strings.xml, values-de/strings.xml",
};
