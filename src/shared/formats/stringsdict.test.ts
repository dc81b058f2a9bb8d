import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stringsdictFormat } from "./stringsdict.ts";
import { FormatError, type SerializeOptions, type TranslationEntry } from "./types.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const WIKIPEDIA = "ios-strings/wikipedia-ios-stringsdict/Wikipedia/Localizations";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "en") {
  return stringsdictFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

async function entriesOf(input: string | Uint8Array, language = "en") {
  return (await parse(input, language)).languages[language] ?? [];
}

async function write(entries: TranslationEntry[], language = "en") {
  const [file] = await stringsdictFormat.serialize({ [language]: entries }, OUT);
  if (!file) throw new Error("no file");
  return file;
}

const plist = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${body}
</dict>
</plist>
`;

const rule = (variable: string, forms: Record<string, string>, valueType = "d") => `<key>${variable}</key>
<dict>
  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
  <key>NSStringFormatValueTypeKey</key><string>${valueType}</string>
  ${Object.entries(forms)
    .map(([category, form]) => `<key>${category}</key><string>${form}</string>`)
    .join("\n  ")}
</dict>`;

describe("iOS .stringsdict: reading", () => {
  it("reads a one-variable plural as a plural entry named after its variable", async () => {
    const entries = await entriesOf(
      plist(`<key>files-count</key>
<dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
  ${rule("files", { zero: "No files", one: "%ld file", other: "%ld files" }, "ld")}
</dict>`),
    );
    expect(entries).toEqual([
      {
        key: "files-count",
        plurals: { zero: "No files", one: "%ld file", other: "%ld files" },
        pluralVariable: "files",
      },
    ]);
  });

  it("folds the text around the variable into every form", async () => {
    const entries = await entriesOf(
      plist(`<key>in-room</key>
<dict>
  <key>NSStringLocalizedFormatKey</key><string>%@: %#@people@ &amp; more</string>
  ${rule("people", { one: "%d person", other: "%d people" })}
</dict>`),
    );
    expect(entries[0]?.plurals).toEqual({ one: "%@: %d person & more", other: "%@: %d people & more" });
  });

  it("skips keys it cannot hold as one plural entry, with a warning each", async () => {
    const parsed = await parse(
      plist(`<key>two-variables</key>
<dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@files@ in %#@folders@</string>
  ${rule("files", { one: "%d file", other: "%d files" })}
  ${rule("folders", { one: "%d folder", other: "%d folders" })}
</dict>
<key>width</key>
<dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@w@</string>
  <key>w</key>
  <dict><key>NSStringFormatSpecTypeKey</key><string>NSStringVariableWidthRuleType</string><key>1</key><string>x</string></dict>
</dict>
<key>plain</key>
<string>Just text</string>
<key>no-variable</key>
<dict><key>NSStringLocalizedFormatKey</key><string>%d things</string></dict>
<key>ok</key>
<dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
  ${rule("n", { other: "%d" })}
</dict>`),
    );
    expect(parsed.languages.en?.map((entry) => entry.key)).toEqual(["ok"]);
    expect(parsed.warnings).toEqual([
      expect.stringMatching(/^Skipped "two-variables": .*several plural variables/),
      expect.stringMatching(/^Skipped "width": .*NSStringVariableWidthRuleType/),
      expect.stringMatching(/^Skipped "plain": it is a plain string/),
      expect.stringMatching(/^Skipped "no-variable": .*uses no %#@variable@/),
    ]);
  });

  it("takes an XML comment above a key as its comment", async () => {
    const entries = await entriesOf(
      plist(`<!-- Shown under the list -->
<key>k</key>
<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>${rule("n", { other: "%d items" })}</dict>`),
    );
    expect(entries[0]?.comment).toBe("Shown under the list");
  });
});

describe("iOS .stringsdict: writing", () => {
  it("writes {lang}.lproj/Localizable.stringsdict, value type and position read from the forms", async () => {
    const file = await write(
      [
        { key: "a", plurals: { one: "%ld day", other: "%ld days" }, pluralVariable: "days" },
        { key: "b", plurals: { one: "%1$@ has %2$d item", other: "%1$@ has %2$d items" } },
        { key: "c", plurals: { one: "One", other: "Many" }, pluralVariable: "bad name!" },
        { key: "plain", value: "not a plural: belongs in .strings" },
      ],
      "sr-Latn",
    );
    expect(file.path).toBe("sr-Latn.lproj/Localizable.stringsdict");
    const written = text(file.bytes);
    expect(written).toContain("<string>%#@days@</string>");
    expect(written).toContain("<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>ld</string>");
    expect(written).toContain("<string>%2$#@count@</string>");
    expect(written).toContain("<string>%#@bad_name_@</string>");
    expect(written).not.toContain("plain");
    expect(await entriesOf(file.bytes, "sr-Latn")).toEqual([
      { key: "a", plurals: { one: "%ld day", other: "%ld days" }, pluralVariable: "days" },
      {
        key: "b",
        plurals: { one: "%1$@ has %2$d item", other: "%1$@ has %2$d items" },
        pluralVariable: "count",
      },
      { key: "c", plurals: { one: "One", other: "Many" }, pluralVariable: "bad_name_" },
    ]);
  });

  it("escapes XML and keeps comments", async () => {
    const entries: TranslationEntry[] = [
      {
        key: "a<&>",
        plurals: { one: "1 <b>&</b>", other: "%d <b>&</b>" },
        pluralVariable: "n",
        comment: "a -- b",
      },
    ];
    const file = await write(entries);
    expect(await entriesOf(file.bytes)).toEqual([{ ...entries[0], comment: "a - - b" }]);
  });
});

describe("iOS .stringsdict: bad input gets a clear error", () => {
  const lol = Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`,
  ).join("");
  const cases: [string, string | Uint8Array, RegExp][] = [
    [
      "an entity bomb (billion laughs)",
      `<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY lol "lol">${lol}]><plist><dict><key>a</key><string>&lol9;</string></dict></plist>`,
      /declares XML entities/,
    ],
    [
      "an external entity (XXE)",
      `<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><plist><dict><key>&xxe;</key><string/></dict></plist>`,
      /declares XML entities/,
    ],
    [
      "an undefined entity",
      "<plist><dict><key>&xxe;</key><string/></dict></plist>",
      /entity &xxe; is not defined/,
    ],
    [
      "a truncated document",
      plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><str").slice(0, 260),
      /incomplete|malformed/,
    ],
    ["binary data", new Uint8Array([0, 1, 2, 3, 0xff, 0xfe, 0, 0, 7, 8]), /binary|UTF/],
    [
      "10,000 nested elements",
      `<plist>${"<dict>".repeat(10_000)}${"</dict>".repeat(10_000)}</plist>`,
      /nested more than/,
    ],
    ["a key without value", plist("<key>lonely</key>"), /has no value/],
    ["another kind of XML", "<resources/>", /not a property list/],
    ["an empty file", "", /empty/],
  ];
  for (const [name, input, message] of cases) {
    it(`rejects ${name}`, async () => {
      const parsing = parse(input);
      await expect(parsing).rejects.toBeInstanceOf(FormatError);
      await expect(parsing).rejects.toThrow(message);
    });
  }
});

describe("iOS .stringsdict: the Wikipedia corpus", () => {
  const folders = readdirSync(join(CORPUS, WIKIPEDIA));
  const read = (folder: string) =>
    new Uint8Array(readFileSync(join(CORPUS, WIKIPEDIA, folder, "Localizable.stringsdict")));
  const languageOf = (folder: string) => (folder === "Base.lproj" ? "en" : folder.replace(".lproj", ""));

  for (const folder of folders) {
    it(`round-trips ${folder}: parse → serialize → parse gives the same entries`, async () => {
      const language = languageOf(folder);
      const entries = await entriesOf(read(folder), language);
      expect(entries).toHaveLength(2);
      expect(await entriesOf((await write(entries, language)).bytes, language)).toEqual(entries);
    });
  }

  it("writes the English file back byte for byte, as Xcode writes it", async () => {
    const original = read("en.lproj");
    expect(text((await write(await entriesOf(original))).bytes)).toBe(text(original));
  });

  it("reads Polish one/few/other and folds Serbian's %d prefix into the forms", async () => {
    expect(await entriesOf(read("pl.lproj"), "pl")).toContainEqual({
      key: "places-filter-top-articles-count",
      plurals: { one: "%d artykuł", few: "%d artykuły", other: "%d artykułów" },
      pluralVariable: "v0",
    });
    expect(await entriesOf(read("sr-ec.lproj"), "sr-ec")).toContainEqual({
      key: "places-filter-top-articles-count",
      plurals: { one: "%d чланак", few: "%d чланка", other: "%d чланака" },
      pluralVariable: "v0",
    });
  });
});
