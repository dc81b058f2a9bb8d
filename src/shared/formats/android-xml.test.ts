import { describe, expect, it } from "vitest";
import { androidValuesFolder, androidXmlFormat } from "./android-xml.ts";
import { FormatError, type SerializeOptions, type TranslationEntry } from "./types.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "en") {
  return androidXmlFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

async function entriesOf(input: string | Uint8Array, language = "en") {
  return (await parse(input, language)).languages[language] ?? [];
}

const resources = (body: string) => `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
${body}
</resources>
`;

async function value(xml: string): Promise<string | undefined> {
  return (await entriesOf(resources(`<string name="s">${xml}</string>`)))[0]?.value;
}

async function write(entries: TranslationEntry[], language = "en") {
  const [file] = await androidXmlFormat.serialize({ [language]: entries }, OUT);
  if (!file) throw new Error("no file");
  return file;
}

describe("Android XML: reading strings the way aapt2 compiles them", () => {
  it("decodes Android escapes and XML entities", async () => {
    expect(await value('Don\\\'t say \\"hi\\" \\\\ here')).toBe('Don\'t say "hi" \\ here');
    expect(await value("line\\nnext\\ttab")).toBe("line\nnext\ttab");
    expect(await value("\\@home \\?what")).toBe("@home ?what");
    expect(await value("caf\\u00e9")).toBe("café");
    expect(await value("Tom &amp; Jerry &lt;3 &#233; &#x1F600;")).toBe("Tom & Jerry <3 é 😀");
  });

  it("collapses unquoted whitespace, trims the ends, and keeps quoted text as written", async () => {
    expect(await value("\n    Hello\n    world  \n")).toBe("Hello world");
    expect(await value('"  two  spaces  "')).toBe("  two  spaces  ");
    expect(await value('"It\'s"')).toBe("It's");
  });

  it("keeps CDATA as its text, with Android escapes applied", async () => {
    expect(await value("<![CDATA[<b>m</b> %s]]>")).toBe("<b>m</b> %s");
    expect(await value('<![CDATA[Can\\\'t see <a href=\\"#\\">it</a>]]>')).toBe(
      'Can\'t see <a href="#">it</a>',
    );
    expect(await value("&lt;b&gt;k&lt;/b&gt; %s")).toBe("<b>k</b> %s");
  });

  it("keeps DOCTYPE-looking text inside CDATA and comments as text", async () => {
    const entries = await entriesOf(
      resources(
        '<!-- <!DOCTYPE x [<!ENTITY y "z">]> --><string name="s"><![CDATA[<!DOCTYPE html><!ENTITY x "y">]]></string>',
      ),
    );
    expect(entries).toEqual([
      {
        key: "s",
        value: "<!DOCTYPE html><!ENTITY x y>",
        comment: '<!DOCTYPE x [<!ENTITY y "z">]>',
        meta: { markup: "cdata" },
      },
    ]);
  });

  it("keeps inline markup as XML text", async () => {
    expect(
      await value('Hello <b>dear</b> <xliff:g id="name" example="Ann">%1$s</xliff:g> &amp; <i>you</i>'),
    ).toBe('Hello <b>dear</b> <xliff:g id="name" example="Ann">%1$s</xliff:g> & <i>you</i>');
  });

  it("reads plurals (all six categories) and string arrays", async () => {
    const entries = await entriesOf(
      resources(`
  <plurals name="files">
    <item quantity="zero">no files</item>
    <item quantity="one">one file</item>
    <item quantity="two">two files</item>
    <item quantity="few">%d files (few)</item>
    <item quantity="many">%d files (many)</item>
    <item quantity="other">%d files</item>
  </plurals>
  <string-array name="planets">
    <item>Mercury</item>
    <item>@string/venus</item>
  </string-array>`),
    );
    expect(entries).toEqual([
      {
        key: "files",
        plurals: {
          zero: "no files",
          one: "one file",
          two: "two files",
          few: "%d files (few)",
          many: "%d files (many)",
          other: "%d files",
        },
      },
      { key: "planets[0]", value: "Mercury" },
      { key: "planets[1]", value: "@string/venus" },
    ]);
  });

  it('keeps translatable="false" resources, and skips other resource types with one warning', async () => {
    const parsed = await parse(
      resources(`
  <string name="url" translatable="false">https://example.org</string>
  <plurals name="p" translatable="false"><item quantity="other">x</item></plurals>
  <string name="kept">Kept</string>
  <integer name="max">3</integer>
  <color name="red">#f00</color>`),
    );
    expect(parsed.languages.en).toEqual([
      { key: "url", value: "https://example.org", translatable: false },
      { key: "p", plurals: { other: "x" }, translatable: false },
      { key: "kept", value: "Kept" },
    ]);
    expect(parsed.warnings).toEqual(["Skipped 2 resources that are not strings (<integer>, <color>)"]);
  });

  it("takes the comment right above a resource as its comment", async () => {
    const entries = await entriesOf(
      resources(`
  <!-- Section header -->

  <string name="a">A</string>
  <!-- Shown on the login button -->
  <string name="b">B</string>
  <!-- For the list -->
  <string-array name="c"><item>1</item><item>2</item></string-array>`),
    );
    expect(entries).toEqual([
      { key: "a", value: "A", meta: { headings: ["Section header"] } },
      { key: "b", value: "B", comment: "Shown on the login button" },
      { key: "c[0]", value: "1", comment: "For the list" },
      { key: "c[1]", value: "2" },
    ]);
  });

  it("keeps the last of duplicate names and says so", async () => {
    const parsed = await parse(resources('<string name="a">1</string><string name="a">2</string>'));
    expect(parsed.languages.en).toEqual([{ key: "a", value: "2" }]);
    expect(parsed.warnings).toEqual([expect.stringContaining("more than once")]);
  });
});

describe("Android XML: writing", () => {
  it("escapes what aapt2 would otherwise read differently, and reads it back unchanged", async () => {
    const entries: TranslationEntry[] = [
      { key: "quotes", value: `It's "quoted" \\ back` },
      { key: "lines", value: "one\ntwo\tthree" },
      { key: "at", value: "@home" },
      { key: "question", value: "?really" },
      { key: "reference", value: "@string/app_name" },
      { key: "attribute", value: "?attr/colorPrimary" },
      { key: "spaces", value: "  two  spaces  " },
      { key: "xml", value: "a < b & c > d" },
      { key: "html", value: 'Tap <a href="https://x.org/?a=1&b=2">here</a> <b>now</b>' },
      { key: "cdata-end", value: "<b>x</b> ]]> y" },
      { key: "empty", value: "" },
      { key: "unicode", value: "Ünïcödé 😀 %1$s %2$d" },
    ];
    const file = await write(entries);
    const written = text(file.bytes);
    expect(written).toContain('<string name="quotes">It\\\'s \\"quoted\\" \\\\ back</string>');
    expect(written).toContain('<string name="at">\\@home</string>');
    expect(written).toContain('<string name="reference">@string/app_name</string>');
    expect(written).toContain('<string name="spaces">"  two  spaces  "</string>');
    expect(written).toContain('<string name="xml">a &lt; b &amp; c &gt; d</string>');
    expect(written).toContain(
      '<string name="html"><![CDATA[Tap <a href=\\"https://x.org/?a=1&b=2\\">here</a> <b>now</b>]]></string>',
    );
    // Without meta, tags go in CDATA, which the reader notes so that the next export does the same.
    expect(await entriesOf(file.bytes)).toEqual(
      entries.map((entry) =>
        entry.key === "html" || entry.key === "cdata-end" ? { ...entry, meta: { markup: "cdata" } } : entry,
      ),
    );
  });

  it("writes xliff:g and annotation markup as elements, declaring the xliff namespace", async () => {
    const entries: TranslationEntry[] = [
      {
        key: "welcome",
        value: 'Hi <xliff:g id="name" example="Ann">%1$s</xliff:g>, it\'s <b>great</b> &amp; new',
      },
    ];
    const file = await write(entries);
    const written = text(file.bytes);
    expect(written).toContain('<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">');
    expect(written).toContain(
      '<string name="welcome">Hi <xliff:g id="name" example="Ann">%1$s</xliff:g>, it\\\'s <b>great</b> &amp;amp; new</string>',
    );
    expect(await entriesOf(file.bytes)).toEqual([{ ...entries[0], meta: { markup: "elements" } }]);
  });

  it("writes plurals and string arrays back (missing array items become empty items)", async () => {
    const entries: TranslationEntry[] = [
      { key: "files", plurals: { one: "%d file", few: "%d files", other: "%d files" }, comment: "Count" },
      { key: "planets[0]", value: "Mercury", comment: "Planets" },
      { key: "planets[2]", value: "Earth" },
      { key: "plain", value: "x" },
    ];
    const file = await write(entries);
    expect(text(file.bytes)).toBe(`<?xml version="1.0" encoding="utf-8"?>
<resources>
    <!-- Count -->
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="few">%d files</item>
        <item quantity="other">%d files</item>
    </plurals>
    <!-- Planets -->
    <string-array name="planets">
        <item>Mercury</item>
        <item></item>
        <item>Earth</item>
    </string-array>
    <string name="plain">x</string>
</resources>
`);
    expect(await entriesOf(file.bytes)).toEqual([
      entries[0],
      entries[1],
      { key: "planets[1]", value: "" },
      entries[2],
      entries[3],
    ]);
  });

  it("names folders with Android resource qualifiers", () => {
    expect(androidValuesFolder("de")).toBe("values-de");
    expect(androidValuesFolder("pt-BR")).toBe("values-pt-rBR");
    expect(androidValuesFolder("zh-Hans")).toBe("values-b+zh+Hans");
    expect(androidValuesFolder("sr-Latn")).toBe("values-b+sr+Latn");
    expect(androidValuesFolder("es-419")).toBe("values-b+es+419");
    expect(androidValuesFolder("fil")).toBe("values-b+fil");
    expect(androidValuesFolder("he")).toBe("values-iw");
    expect(androidValuesFolder("id")).toBe("values-in");
  });

  it("writes one values-{lang}/strings.xml per language", async () => {
    const files = await androidXmlFormat.serialize({ en: [], "pt-BR": [{ key: "a", value: "b" }] }, OUT);
    expect(files.map((file) => file.path)).toEqual(["values-en/strings.xml", "values-pt-rBR/strings.xml"]);
  });
});

describe("Android XML: bad input gets a clear error", () => {
  const lol = Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`,
  ).join("");
  const valid = resources('<string name="a">Hello</string>\n<string name="b">World</string>');
  const cases: [string, string | Uint8Array, RegExp][] = [
    [
      "an entity bomb (billion laughs)",
      `<?xml version="1.0"?>\n<!DOCTYPE resources [\n<!ENTITY lol "lol">${lol}\n]>\n<resources><string name="a">&lol9;</string></resources>`,
      /declares XML entities/,
    ],
    [
      "an external entity (XXE)",
      `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><resources><string name="a">&xxe;</string></resources>`,
      /declares XML entities/,
    ],
    ["an undefined entity", resources('<string name="a">&nbsp;</string>'), /entity &nbsp; is not defined/],
    [
      "a DOCTYPE inside the document",
      '<resources><!DOCTYPE x [<!ENTITY a "b">]><string name="a">&a;</string></resources>',
      /declares XML entities/,
    ],
    [
      "a DOCTYPE after the root element starts",
      '<resources><!DOCTYPE x><string name="a">a</string></resources>',
      /DOCTYPE inside the document/,
    ],
    ["two DOCTYPEs", "<!DOCTYPE a><!DOCTYPE b><resources/>", /more than one DOCTYPE/],
    [
      "a document truncated inside a string",
      valid.slice(0, valid.indexOf("World") + 3),
      /ends before <string>, <resources> are closed/,
    ],
    [
      "a document truncated after a string",
      valid.slice(0, valid.indexOf("</resources>")),
      /<resources> is never closed/,
    ],
    ["mismatched tags", resources('<string name="a">x</plurals>'), /malformed XML: .*line 3/],
    ["binary data", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0xa3, 0xc5]), /binary/],
    [
      "invalid UTF-8",
      new Uint8Array([0x3c, 0x72, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x72, 0x3e]),
      /not valid UTF-8/,
    ],
    [
      "10,000 nested elements",
      `<resources><string name="a">${"<b>".repeat(10_000)}x${"</b>".repeat(10_000)}</string></resources>`,
      /nested more than 64 levels/,
    ],
    [
      "10,000 nested elements, truncated",
      `<resources><string name="a">${"<b>".repeat(10_000)}x`,
      /ends before <b>, <b>, <b> and 9999 more are closed/,
    ],
    [
      "another XML document",
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      /not an Android resources file/,
    ],
    ["text that is not XML", "name=value\n", /malformed XML/],
    ["an empty file", "   ", /empty/],
  ];
  for (const [name, input, message] of cases) {
    it(`rejects ${name}`, async () => {
      const parsing = parse(input);
      await expect(parsing).rejects.toBeInstanceOf(FormatError);
      await expect(parsing).rejects.toThrow(message);
    });
  }
});
