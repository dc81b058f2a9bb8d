// A .stringsdict imported and exported again must be the same property list as Apple's tools read
// it (DESIGN §9): format strings, variable names, rule and value types, forms, order of keys.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parsePlist } from "plist";
import { describe, expect, it } from "vitest";
import { stringsdictFormat } from "./stringsdict.ts";
import type { ParsedFile, SerializeOptions } from "./types.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const WIKIPEDIA = "ios-strings/wikipedia-ios-stringsdict/Wikipedia/Localizations";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | undefined) => new TextDecoder().decode(data);
const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language: string) {
  return stringsdictFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

async function exportParsed(parsed: ParsedFile) {
  const files = await stringsdictFormat.serialize(parsed.languages, {
    ...OUT,
    fileMeta: parsed.fileMeta ?? {},
  });
  expect(files).toHaveLength(1);
  return text(files[0]?.bytes);
}

const FILE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>zebra-count</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%d %#@zebras@ in the zoo</string>
		<key>zebras</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>d</string>
			<key>one</key>
			<string>Zebra</string>
			<key>other</key>
			<string>Zebras</string>
		</dict>
	</dict>
	<key>bytes</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@size@</string>
		<key>size</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>lld</string>
			<key>one</key>
			<string>%lld Byte</string>
			<key>other</key>
			<string>%lld Bytes</string>
		</dict>
	</dict>
	<key>people</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@names@</string>
		<key>names</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>@</string>
			<key>one</key>
			<string>one person</string>
			<key>other</key>
			<string></string>
		</dict>
	</dict>
</dict>
</plist>
`;

describe("iOS .stringsdict: what a file carries comes back", () => {
  it("keeps each key's format string and value type as the language's file metadata", async () => {
    const parsed = await parse(FILE, "de");
    expect(parsed.languages.de).toEqual([
      {
        key: "zebra-count",
        plurals: { one: "%d Zebra in the zoo", other: "%d Zebras in the zoo" },
        pluralVariable: "zebras",
      },
      { key: "bytes", plurals: { one: "%lld Byte", other: "%lld Bytes" }, pluralVariable: "size" },
      { key: "people", plurals: { one: "one person", other: "" }, pluralVariable: "names" },
    ]);
    expect(parsed.fileMeta).toEqual({
      de: {
        keys: {
          "zebra-count": { format: "%d %#@zebras@ in the zoo", valueType: "d" },
          bytes: { format: "%#@size@", valueType: "lld" },
          people: { format: "%#@names@", valueType: "@" },
        },
      },
    });
  });

  it("writes the file back as it was", async () => {
    expect(await exportParsed(await parse(FILE, "de"))).toBe(FILE);
  });

  it("writes edited forms that no longer fit the format string in the folded form", async () => {
    const parsed = await parse(FILE, "de");
    const [zebra] = parsed.languages.de ?? [];
    if (!zebra) throw new Error("no entry");
    zebra.plurals = { one: "Ein Zebra", other: "%d Zebras im Zoo" };
    const written = parsePlist(await exportParsed(parsed)) as Record<string, Record<string, unknown>>;
    expect(written["zebra-count"]).toEqual({
      NSStringLocalizedFormatKey: "%#@zebras@",
      zebras: {
        NSStringFormatSpecTypeKey: "NSStringPluralRuleType",
        NSStringFormatValueTypeKey: "d",
        one: "Ein Zebra",
        other: "%d Zebras im Zoo",
      },
    });
  });
});

describe("iOS .stringsdict: the Wikipedia files, exported, as the plist package reads them", () => {
  const folders = readdirSync(join(CORPUS, WIKIPEDIA));

  it("has the files this test expects", () => {
    expect(folders.sort()).toEqual(["Base.lproj", "en.lproj", "pl.lproj", "sr-ec.lproj"]);
  });

  for (const folder of folders) {
    it(`${folder}: the same property list, keys in the same order`, async () => {
      const language = folder === "Base.lproj" ? "en" : folder.replace(".lproj", "");
      const original = readFileSync(join(CORPUS, WIKIPEDIA, folder, "Localizable.stringsdict"), "utf8");
      const exported = await exportParsed(await parse(original, language));
      const before = parsePlist(original) as Record<string, unknown>;
      const after = parsePlist(exported) as Record<string, unknown>;
      expect(after).toEqual(before);
      expect(Object.keys(after)).toEqual(Object.keys(before));
    });
  }
});
