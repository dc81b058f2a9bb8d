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

/**
 * sprog.config.json for the three usual layouts (docs topic api, section cli). A test checks each
 * against the config's schema, so the docs never show a file the CLI refuses.
 */
export const CLI_CONFIG_EXAMPLES: readonly { title: string; config: Record<string, unknown> }[] = [
  {
    title: "A web app: src/locales/en.json, de.json, …",
    config: {
      $schema: "./node_modules/sprog/schemas/sprog.config.schema.json",
      host: "https://sprog.example.com",
      files: [{ path: "src/locales/{lang}.json", format: "json", source: "en" }],
      check: { src: ["src/**/*.{ts,tsx}"] },
    },
  },
  {
    title: "Android: values/strings.xml for the source language, values-de/, values-pt-rBR/, …",
    config: {
      host: "https://sprog.example.com",
      files: [{ path: "app/src/main/res/values-{android_lang}/strings.xml", format: "android" }],
      check: { src: ["app/src/main/**/*.{kt,java,xml}"] },
    },
  },
  {
    title: "iOS: en.lproj/Localizable.strings, de.lproj/…",
    config: {
      host: "https://sprog.example.com",
      files: [{ path: "App/{lang}.lproj/Localizable.strings", format: "strings" }],
      check: { src: ["App/**/*.swift"], patterns: ['L10n\\.tr\\("([^"]+)"\\)'] },
    },
  },
];

/** What `sprog status` prints (src/cli/status.ts), for the docs. */
export const CLI_STATUS_EXAMPLE = `Shop (source language en)
language  keys  translated  missing  unverified  approved
en         128         128        0           0       120
de         128         119        9          14        97
fr         128          87       41          87         0`;

/** What `sprog check` prints when the code uses a key the project lacks (exit 6). */
export const CLI_CHECK_EXAMPLE = `Read 214 files: 131 keys used, 130 keys in the project.
warning: 1 key in the project not used in the code:
  legacy.banner
error: 2 keys used in the code but missing in the project:
  cart.badge  (src/components/Badge.vue:2)
  cart.title  (src/components/Cart.tsx:6)`;
