// XLIFF 1.2 (`xliff1.ts`): reading, writing and the errors of bad input. The corpus and the files
// that must come back as their tools wrote them: xliff1-fidelity.test.ts.
import { describe, expect, it } from "vitest";
import { FormatError, type TranslationEntry } from "./types.ts";
import { OUT, parse12, text, xliff12 } from "./xliff-test-helpers.ts";
import { xliff1Format } from "./xliff1.ts";

describe("XLIFF 1.2: reading", () => {
  it("reads source and target under their languages, the first note as the comment, ids or resnames as keys", async () => {
    const parsed = await parse12(
      xliff12(`
      <trans-unit id="login.title">
        <source>Sign in</source>
        <target state="translated">Anmelden</target>
        <note>Title of the login screen</note>
        <note from="dev">Keep it short</note>
      </trans-unit>
      <trans-unit id="u2" resname="welcome message">
        <source>Welcome, %name%!</source>
        <target>Willkommen, %name%!</target>
      </trans-unit>
      <group id="settings">
        <trans-unit id="settings.save"><source>Save</source><target>Speichern</target></trans-unit>
      </group>`),
    );
    const login = {
      comment: "Title of the login screen",
      meta: {
        id: "login.title",
        version: "1.2",
        notes: [{ holds: "comment" }, { attributes: { from: "dev" }, text: "Keep it short" }],
      },
    };
    const save = { meta: { id: "settings.save", version: "1.2", groups: [{ id: "settings" }] } };
    expect(parsed.languages).toEqual({
      en: [
        { key: "login.title", value: "Sign in", ...login },
        { key: "welcome message", value: "Welcome, %name%!", meta: { id: "u2" } },
        { key: "settings.save", value: "Save", ...save },
      ],
      de: [
        { key: "login.title", value: "Anmelden", state: "translated", ...login },
        { key: "welcome message", value: "Willkommen, %name%!", meta: { id: "u2" } },
        { key: "settings.save", value: "Speichern", ...save },
      ],
    });
    expect(parsed.warnings).toEqual([]);
    expect(parsed.fileMeta).toEqual({
      de: {
        version: "1.2",
        root: { version: "1.2", xmlns: "urn:oasis:names:tc:xliff:document:1.2" },
        files: [
          {
            attributes: {
              "source-language": "en",
              "target-language": "de",
              datatype: "plaintext",
              original: "app",
            },
          },
        ],
        xml: {
          attributeOrder: {
            xliff: ["version", "xmlns"],
            file: ["source-language", "target-language", "datatype", "original"],
          },
        },
      },
    });
  });

  it("uses the source text as the key of numerically numbered units (as Symfony does)", async () => {
    const parsed = await parse12(
      xliff12(
        '<trans-unit id="7"><source>Invalid CSRF token.</source><target>Ungültig.</target></trans-unit>',
      ),
    );
    expect(parsed.languages.de).toEqual([
      { key: "Invalid CSRF token.", value: "Ungültig.", meta: { id: "7" } },
    ]);
  });

  it("reads empty targets as empty strings, keeps states and translate=no units", async () => {
    const parsed = await parse12(
      xliff12(`
      <trans-unit id="a"><source>A</source><target state="needs-translation">A</target></trans-unit>
      <trans-unit id="b"><source>B</source><target/></trans-unit>
      <trans-unit id="c"><source>C</source></trans-unit>
      <trans-unit id="d" translate="no"><source>D</source><target>D</target></trans-unit>
      <trans-unit id="e"><source>E</source><target state="needs-translation"/></trans-unit>
      <trans-unit id="f" maxwidth="12" size-unit="char"><source>F</source><target></target></trans-unit>`),
    );
    expect(parsed.languages.de).toEqual([
      { key: "a", value: "A", state: "needs-translation", meta: { id: "a" } },
      { key: "b", value: "", meta: { id: "b" } },
      { key: "d", value: "D", translatable: false, meta: { id: "d" } },
      { key: "f", value: "", maxLength: 12, meta: { id: "f" } },
    ]);
    expect(parsed.languages.en?.map((entry) => entry.key)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(parsed.warnings).toEqual([]);
  });

  it("keeps inline elements as their XML text and decodes the rest", async () => {
    const parsed = await parse12(
      xliff12(
        '<trans-unit id="a"><source>Click <g id="1" ctype="bold">here</g> &amp; <x id="2"/> &lt;now&gt;</source><target>Klick <g id="1" ctype="bold">hier</g> &amp; <x id="2"/></target></trans-unit>',
      ),
    );
    expect(parsed.languages.en?.[0]?.value).toBe('Click <g id="1" ctype="bold">here</g> & <x id="2"/> <now>');
    expect(parsed.languages.de?.[0]?.value).toBe('Klick <g id="1" ctype="bold">hier</g> & <x id="2"/>');
  });

  it("takes languages from the file, falls back to the options, and says when they differ", async () => {
    const noLanguages = await parse12(
      xliff12('<trans-unit id="a"><source>A</source><target>B</target></trans-unit>', ""),
      "fr",
      "en",
    );
    expect(Object.keys(noLanguages.languages)).toEqual(["en", "fr"]);
    expect(noLanguages.warnings).toEqual([]);
    const other = await parse12(
      xliff12('<trans-unit id="a"><source>A</source><target>B</target></trans-unit>'),
      "fr",
    );
    expect(Object.keys(other.languages)).toEqual(["en", "de"]);
    expect(other.warnings).toEqual([expect.stringContaining('translations are in "de" (not fr)')]);
  });

  it("reads an XLIFF 2.0 document too (both versions share .xlf)", async () => {
    const parsed =
      await parse12(`<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="f"><unit id="hello"><segment><source>Hello</source><target>Hallo</target></segment></unit></file>
</xliff>`);
    expect(parsed.languages).toEqual({
      en: [{ key: "hello", value: "Hello", meta: { id: "hello" } }],
      de: [{ key: "hello", value: "Hallo", meta: { id: "hello" } }],
    });
  });
});

describe("XLIFF 1.2: writing", () => {
  const languages: Record<string, TranslationEntry[]> = {
    en: [
      { key: "login.title", value: "Sign in", comment: "Login screen" },
      {
        key: "Too many attempts, wait %minutes% minutes.",
        value: "Too many attempts, wait %minutes% minutes.",
      },
      { key: "untranslated", value: "Later" },
      { key: "inline", value: 'Click <g id="1">here</g> & <b>bold</b>' },
      { key: "files", plurals: { one: "# file", other: "# files" } },
    ],
    de: [
      { key: "login.title", value: "Anmelden" },
      { key: "Too many attempts, wait %minutes% minutes.", value: "Zu viele Versuche." },
      { key: "inline", value: 'Klick <g id="1">hier</g> & <b>fett</b>' },
      { key: "files", plurals: { one: "# Datei", other: "# Dateien" } },
    ],
    fr: [{ key: "login.title", value: "Connexion" }],
  };

  it("writes one {lang}.xlf per target language with source and target", async () => {
    const files = await xliff1Format.serialize(languages, OUT);
    expect(files.map((file) => file.path)).toEqual(["de.xlf", "fr.xlf"]);
    expect(text(files[0]?.bytes ?? new Uint8Array())).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="de" datatype="plaintext" original="Sprog">
    <body>
      <trans-unit id="login.title">
        <source>Sign in</source>
        <target>Anmelden</target>
        <note>Login screen</note>
      </trans-unit>
      <trans-unit id="1" resname="Too many attempts, wait %minutes% minutes.">
        <source>Too many attempts, wait %minutes% minutes.</source>
        <target>Zu viele Versuche.</target>
      </trans-unit>
      <trans-unit id="untranslated">
        <source>Later</source>
        <target state="needs-translation"/>
      </trans-unit>
      <trans-unit id="inline">
        <source>Click <g id="1">here</g> &amp; &lt;b&gt;bold&lt;/b&gt;</source>
        <target>Klick <g id="1">hier</g> &amp; &lt;b&gt;fett&lt;/b&gt;</target>
      </trans-unit>
      <trans-unit id="files">
        <source>{count, plural, one {# file} other {# files}}</source>
        <target>{count, plural, one {# Datei} other {# Dateien}}</target>
      </trans-unit>
    </body>
  </file>
</xliff>
`);
  });

  it("reads its own output back as the same entries (plurals as the ICU messages Sprog stores)", async () => {
    const [file] = await xliff1Format.serialize(languages, OUT);
    const parsed = await parse12(file?.bytes ?? new Uint8Array());
    expect(parsed.languages.de).toEqual([
      { key: "login.title", value: "Anmelden", comment: "Login screen", meta: { id: "login.title" } },
      // The file names the unit by its source text: kept, so that it is written back.
      {
        key: "Too many attempts, wait %minutes% minutes.",
        value: "Zu viele Versuche.",
        meta: { id: "1", named: true },
      },
      { key: "inline", value: 'Klick <g id="1">hier</g> & <b>fett</b>', meta: { id: "inline" } },
      { key: "files", value: "{count, plural, one {# Datei} other {# Dateien}}", meta: { id: "files" } },
    ]);
  });

  it("writes the source language alone when it is the only language", async () => {
    const files = await xliff1Format.serialize({ en: [{ key: "a", value: "A" }] }, OUT);
    expect(files.map((file) => file.path)).toEqual(["en.xlf"]);
    expect(text(files[0]?.bytes ?? new Uint8Array())).toContain(
      "<source>A</source>\n        <target>A</target>",
    );
  });
});

describe("XLIFF 1.2: bad input gets a clear error", () => {
  const lol = Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`,
  ).join("");
  const valid = xliff12('<trans-unit id="a"><source>Hello</source><target>Hallo</target></trans-unit>');
  const cases: [string, string | Uint8Array, RegExp][] = [
    [
      "an entity bomb (billion laughs)",
      `<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY lol "lol">${lol}]>${valid.replace("Hallo", "&lol9;").replace(/^<\?xml[^>]*>/, "")}`,
      /declares XML entities/,
    ],
    [
      "an external entity (XXE)",
      `<!DOCTYPE xliff [<!ENTITY xxe SYSTEM "http://attacker.example/x">]>${valid.replace("Hallo", "&xxe;").replace(/^<\?xml[^>]*>/, "")}`,
      /declares XML entities/,
    ],
    [
      "a truncated document",
      valid.slice(0, valid.indexOf("Hallo")),
      /ends before <target>, <trans-unit>, <body> and 2 more are closed/,
    ],
    ["binary data", new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]), /binary/],
    [
      "10,000 nested groups",
      xliff12(`${"<group>".repeat(10_000)}${"</group>".repeat(10_000)}`),
      /nested more than 64 levels/,
    ],
    ["an unsupported version", '<xliff version="3.0"/>', /version 3.0 is not supported/],
    ["no <file>", '<xliff version="1.2"/>', /no <file> element/],
    ["another XML document", "<resources/>", /not an XLIFF file/],
  ];
  for (const [name, input, message] of cases) {
    it(`rejects ${name}`, async () => {
      const parsing = parse12(input);
      await expect(parsing).rejects.toBeInstanceOf(FormatError);
      await expect(parsing).rejects.toThrow(message);
    });
  }
});
