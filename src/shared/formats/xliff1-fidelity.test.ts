// XLIFF 1.2 (`xliff1.ts`) on real files: the Symfony corpus, and Angular's and hand-written files
// written back as they were (issue 33). Reading, writing and bad input: xliff1.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ParsedFile, TranslationEntry } from "./types.ts";
import { angularUnitMeta, bytes, ecosystemRead, OUT, parse12, text, xliff12 } from "./xliff-test-helpers.ts";
import { ANGULAR_12_MESSAGES } from "./xliff-test-samples.ts";
import { xliff1Format } from "./xliff1.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const SYMFONY = "xliff-1.2/symfony-security/src/Symfony/Component/Security/Core/Resources/translations";

describe("XLIFF 1.2: the Symfony corpus", () => {
  const files = readdirSync(join(CORPUS, SYMFONY));
  const read = (name: string) => new Uint8Array(readFileSync(join(CORPUS, SYMFONY, name)));
  const languageOf = (name: string) => name.split(".")[1] ?? "";

  for (const name of files) {
    it(`round-trips ${name}: parse → serialize → parse gives the same entries`, async () => {
      const language = languageOf(name);
      const parsed = await parse12(read(name), language);
      const written = await xliff1Format.serialize(parsed.languages, {
        ...OUT,
        fileMeta: parsed.fileMeta ?? {},
      });
      expect(written.map((file) => file.path)).toEqual([`${language}.xlf`]);
      const again = await parse12(written[0]?.bytes ?? new Uint8Array(), language);
      expect(again).toEqual(parsed);
    });
  }

  it("reads 19 units keyed by their source text, the needs-translation one with its state", async () => {
    const ar = await parse12(read("security.ar.xlf"), "ar");
    expect(ar.languages.en).toHaveLength(19);
    expect(ar.languages.ar).toHaveLength(19);
    expect(ar.warnings).toEqual([]);
    expect(ar.languages.ar).toContainEqual({
      key: "Too many failed login attempts, please try again in %minutes% minutes.",
      value: "Too many failed login attempts, please try again in %minutes% minutes.",
      state: "needs-translation",
      meta: { id: "20" },
    });
    const ru = await parse12(read("security.ru.xlf"), "ru");
    expect(ru.languages.ru).toContainEqual({
      key: "Too many failed login attempts, please try again in %minutes% minutes.",
      meta: { id: "20" },
      value:
        "Слишком много неудачных попыток входа, повторите попытку через %minutes% минуту.|Слишком много неудачных попыток входа, повторите попытку через %minutes% минуты.|Слишком много неудачных попыток входа, повторите попытку через %minutes% минут.",
    });
  });

  it("reads the English file (no target-language) as English", async () => {
    const en = await parse12(read("security.en.xlf"), "en");
    expect(Object.keys(en.languages)).toEqual(["en"]);
    expect(en.languages.en).toHaveLength(17);
  });
});

describe("XLIFF 1.2: Angular's source file comes back as Angular wrote it (issue 33)", () => {
  const write = async (languages: Record<string, TranslationEntry[]>, fileMeta?: ParsedFile["fileMeta"]) => {
    const files = await xliff1Format.serialize(languages, {
      ...OUT,
      sourceLanguage: "en-US",
      ...(fileMeta ? { fileMeta } : {}),
    });
    expect(files).toHaveLength(1);
    return { path: files[0]?.path, xml: text(files[0]?.bytes ?? new Uint8Array()) };
  };

  it("keeps <x>, <g>, <bx>, <ex>, <ph>, <it> and <mrk> in the value as written, with every attribute", async () => {
    const parsed = await parse12(ANGULAR_12_MESSAGES, "en-US", "en-US");
    expect(parsed.languages["en-US"]?.map((entry) => entry.value)).toEqual([
      'Hello <x id="INTERPOLATION" equiv-text="{{ name }}"/> <x id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"/>bold<x id="CLOSE_BOLD_TEXT" ctype="x-b" equiv-text="&lt;/b&gt;"/>',
      `Don't say "hi" to <x id="INTERPOLATION" equiv-text="{{ &apos;a&apos; | t }}"/>!`,
      `Click <g id="1" ctype="x-a" xid="link">here</g>, <bx id="2" rid="r1" ctype="bold"/>bold<ex id="3" rid="r1"/> <ph id="4" ctype="image"><img src="x.png"/></ph> <it id="5" pos="open" ctype="italic"><i></it>and <mrk mtype="protected" mid="m1">Sprog</mrk><x id='6' ctype='lb' />`,
    ]);
  });

  it("keeps context groups and notes with their attributes", async () => {
    const parsed = await parse12(ANGULAR_12_MESSAGES, "en-US", "en-US");
    const [greeting, quoted, kinds] = parsed.languages["en-US"] ?? [];
    expect(greeting).toMatchObject({ comment: "Greeting on the home page", context: "home" });
    expect(greeting?.meta).toMatchObject(angularUnitMeta("src/app/x.html", "12"));
    expect(quoted?.meta?.contextGroups).toHaveLength(2);
    expect(kinds?.meta?.notes).toEqual([
      {
        attributes: { priority: "3", from: "developer", annotates: "source" },
        text: "Inline elements other tools write",
      },
    ]);
  });

  it("writes the source file back byte for byte: no <target>, no target-language, Angular's escaping", async () => {
    const parsed = await parse12(ANGULAR_12_MESSAGES, "en-US", "en-US");
    const { path, xml } = await write(parsed.languages, parsed.fileMeta);
    expect(path).toBe("en-US.xlf");
    expect(xml).toBe(ANGULAR_12_MESSAGES);
  });

  it("imported as another language's file, the source file still comes back as it was", async () => {
    const parsed = await parse12(ANGULAR_12_MESSAGES, "de", "en-US");
    const { xml } = await write({ "en-US": parsed.languages["en-US"] ?? [] }, parsed.fileMeta);
    expect(xml).toBe(ANGULAR_12_MESSAGES);
  });

  it("units read without a <target> get none in the source language's file, even without the file's metadata", async () => {
    const parsed = await parse12(ANGULAR_12_MESSAGES, "en-US", "en-US");
    const { xml } = await write({ "en-US": parsed.languages["en-US"] ?? [] });
    expect(xml).not.toContain("<target");
    expect(xml).not.toContain("target-language");
  });

  it("writes a translation with the source's inline markup and reads it back", async () => {
    const parsed = await parse12(ANGULAR_12_MESSAGES, "en-US", "en-US");
    const source = parsed.languages["en-US"] ?? [];
    const first = source[0] ?? { key: "", value: "" };
    const third = source[2] ?? { key: "", value: "" };
    const de = [
      { ...first, value: (first.value ?? "").replace("Hello", "Hallo").replace(">bold<", ">fett<") },
      {
        ...third,
        value: (third.value ?? "").replace("Click", "Klicke").replace("here", "hier"),
        state: "final",
      },
    ];
    const { path, xml } = await write({ "en-US": source, de }, parsed.fileMeta);
    expect(path).toBe("de.xlf");
    expect(xml).toContain(
      '<file source-language="en-US" datatype="plaintext" original="ng2.template" target-language="de">',
    );
    expect(xml).toContain(
      `        <target>Hallo <x id="INTERPOLATION" equiv-text="{{ name }}"/> <x id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"/>fett<x id="CLOSE_BOLD_TEXT" ctype="x-b" equiv-text="&lt;/b&gt;"/></target>
        <context-group purpose="location">`,
    );
    expect(xml).toContain(
      `<target state="final">Klicke <g id="1" ctype="x-a" xid="link">hier</g>, <bx id="2" rid="r1" ctype="bold"/>bold<ex id="3" rid="r1"/> <ph id="4" ctype="image">&lt;img src=&quot;x.png&quot;/&gt;</ph> <it id="5" pos="open" ctype="italic">&lt;i&gt;</it>and <mrk mtype="protected" mid="m1">Sprog</mrk><x id='6' ctype='lb' /></target>`,
    );
    expect(xml).toContain('<target state="needs-translation"/>');
    const again = await parse12(bytes(xml), "de", "en-US");
    expect(again.languages.de?.map((entry) => entry.value)).toEqual(de.map((entry) => entry.value));
    expect(again.languages["en-US"]?.map((entry) => entry.value)).toEqual(source.map((entry) => entry.value));
  });
});

describe("XLIFF 1.2: a file written by hand (issue 33)", () => {
  // The writer writes its own layout in the file's style; a file laid out otherwise (one-line
  // units, blank lines or comments between units) keeps its layout through the export's template
  // (src/server/transfer/template-render.ts), so the writer alone is asked to give its units back.
  const serialize = async (languages: ParsedFile["languages"], fileMeta: ParsedFile["fileMeta"]) => {
    const [file] = await xliff1Format.serialize(languages, { ...OUT, fileMeta: fileMeta ?? {} });
    return text(file?.bytes ?? new Uint8Array());
  };

  it("keeps each element's attribute order, even where two notes order theirs differently", async () => {
    const document = xliff12(`      <trans-unit id="a" datatype="html">
        <source>A</source>
        <target>B</target>
        <note priority="1" from="description">First</note>
        <note from="developer" annotates="source" priority="3">Second</note>
      </trans-unit>`);
    const parsed = await parse12(document);
    expect(await serialize(parsed.languages, parsed.fileMeta)).toBe(document);
  });

  it("an irregular layout reads back the same: ids, sources, targets, states, notes, context groups", async () => {
    const document = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="ng2.template" target-language="de">
    <body>
      <trans-unit id="one" datatype="html">
        <source>Don&apos;t save <x id="INTERPOLATION" equiv-text="{{ name }}"/></source>
        <target state="final">Nicht speichern <x id="INTERPOLATION" equiv-text="{{ name }}"/></target>
      <context-group purpose="location"><context context-type="sourcefile">a.html</context><context context-type="linenumber">3</context></context-group><note from="description">Save button</note></trans-unit>

      <!-- Settings -->
      <trans-unit id="two" datatype="html">
        <source>Don&apos;t ask again</source><target state="final">Nicht mehr fragen</target>
      <context-group purpose="location"><context context-type="sourcefile">b.html</context><context context-type="linenumber">7</context></context-group></trans-unit></body>
  </file>
</xliff>`;
    const parsed = await parse12(document);
    expect(parsed.fileMeta?.de).not.toHaveProperty("asWritten");
    const written = await serialize(parsed.languages, parsed.fileMeta);
    const again = await parse12(written);
    expect(again).toEqual(parsed);
    expect(await ecosystemRead(written)).toEqual(await ecosystemRead(document));
    expect(again.languages.de?.[0]).toMatchObject({
      key: "one",
      value: 'Nicht speichern <x id="INTERPOLATION" equiv-text="{{ name }}"/>',
      state: "final",
      comment: "Save button",
      meta: { id: "one", attributes: { datatype: "html" } },
    });
  });

  it("a changed unit is written in the file's style and reads back changed, the others the same", async () => {
    const document =
      xliff12(`      <trans-unit id="one"><source>Don&apos;t save</source><target state="final">Nicht speichern</target></trans-unit>

      <trans-unit id="two"><source>Don&apos;t ask again</source><target state="final">Nicht mehr fragen</target></trans-unit>`);
    const parsed = await parse12(document);
    const de = (parsed.languages.de ?? []).map((entry) =>
      entry.key === "two" ? { ...entry, value: "Nicht wieder fragen", state: "translated" } : entry,
    );
    const written = await serialize({ ...parsed.languages, de }, parsed.fileMeta);
    expect(written).toContain(`      <trans-unit id="two">
        <source>Don&apos;t ask again</source>
        <target state="translated">Nicht wieder fragen</target>
      </trans-unit>`);
    const again = await parse12(written);
    expect(again.languages).toEqual({ ...parsed.languages, de });
  });

  it("escapes a new translation as the file escapes its text: > as it is, ' as &apos;", async () => {
    const document = xliff12(
      `      <trans-unit id="a"><source>If a &gt; b, don&apos;t</source><target>Wenn a > b, nicht</target></trans-unit>
      <trans-unit id="b"><source>It&apos;s 1 > 0</source></trans-unit>`,
    );
    const parsed = await parse12(document);
    expect(parsed.fileMeta?.de?.xml).toMatchObject({ textEscapes: "'" });
    const de = [
      ...(parsed.languages.de ?? []),
      { key: "b", value: "Es ist 1 > 0 & 'wahr' ]]>", meta: { id: "b" } },
    ];
    const [file] = await xliff1Format.serialize(
      { ...parsed.languages, de },
      { ...OUT, fileMeta: parsed.fileMeta ?? {} },
    );
    expect(text(file?.bytes ?? new Uint8Array())).toContain(
      "<target>Es ist 1 > 0 &amp; &apos;wahr&apos; ]]&gt;</target>",
    );
  });

  it("writes UTF-8 and says so where the file declared another encoding", async () => {
    const document = xliff12(`      <trans-unit id="a">
        <source>Caf\u00e9</source>
        <target>Caf\u00e9</target>
      </trans-unit>`).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const latin1 = new Uint8Array([...document].map((character) => character.charCodeAt(0)));
    const parsed = await parse12(latin1);
    expect(parsed.languages.de?.[0]?.value).toBe("Caf\u00e9");
    const [file] = await xliff1Format.serialize(parsed.languages, {
      ...OUT,
      fileMeta: parsed.fileMeta ?? {},
    });
    expect(text(file?.bytes ?? new Uint8Array())).toBe(
      document.replace('encoding="ISO-8859-1"', 'encoding="UTF-8"'),
    );
  });

  it("writes no prolog but a declaration, a plain DOCTYPE and comments (a database edited by hand)", async () => {
    const document = xliff12(`      <trans-unit id="a">
        <source>A</source>
        <target>B</target>
      </trans-unit>`);
    const parsed = await parse12(document);
    const meta = parsed.fileMeta?.de ?? {};
    const written = await serialize(parsed.languages, {
      de: { ...meta, xml: { prolog: "<!DOCTYPE x [<!ENTITY a 'b'>]>" } },
    });
    expect(written).toBe(document);
    expect((await parse12(written)).languages).toEqual(parsed.languages);
  });

  it("units sharing an id are written once each and read back the same", async () => {
    const document = xliff12(`      <trans-unit id="a"><source>One</source><target>Eins</target></trans-unit>
      <trans-unit id="a"><source>Two</source><target>Zwei</target></trans-unit>

      <trans-unit id="b"><source>Three</source><target>Drei</target></trans-unit>`);
    const parsed = await parse12(document);
    expect(parsed.languages.de?.map((entry) => entry.value)).toEqual(["Eins", "Zwei", "Drei"]);
    const written = await serialize(parsed.languages, parsed.fileMeta);
    expect(written.match(/<trans-unit /g)).toHaveLength(3);
    const again = await parse12(bytes(written));
    expect(again.languages.de?.map((entry) => entry.value)).toEqual(["Eins", "Zwei", "Drei"]);
    expect(again.languages.en?.map((entry) => entry.value)).toEqual(["One", "Two", "Three"]);
  });
});
