// Import → export round trips of Android XML (DESIGN §9), checked two ways: Sprog's own parser
// reads the export back the same, and a small independent reader with aapt2's rules
// (android-test-fixtures.ts) sees the same resources in the original and in the export.
import { describe, expect, it } from "vitest";
import { aaptRead, OUT, parse, roundTrip } from "./android-test-fixtures.ts";
import { androidXmlFormat } from "./android-xml.ts";

async function expectRoundTrip(xml: string, language = "en") {
  const result = await roundTrip(xml, language);
  expect(result.second).toEqual(result.first);
  expect(result.after).toEqual(result.before);
  return result;
}

const resources = (body: string, root = "") => `<?xml version="1.0" encoding="utf-8"?>
<resources${root}>
${body}
</resources>
`;
const TOOLS = ' xmlns:tools="http://schemas.android.com/tools"';
const XLIFF = ' xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2"';

describe("the independent aapt2-style reader", () => {
  it("tells element spans from CDATA text, unescapes, collapses and trims unquoted whitespace", () => {
    const read = (body: string) =>
      aaptRead(resources(`<string name="s">${body}</string>`)).resources[0]?.text;
    expect(read("<b>x</b> y")).toBe("⟦b⟧x⟦/b⟧ y");
    expect(read("<![CDATA[<b>x</b> y]]>")).toBe("<b>x</b> y");
    expect(read("&lt;b&gt;x&lt;/b&gt; y")).toBe("<b>x</b> y");
    expect(read('\\n  Don\\\'t \\"q\\"\\n   "  kept  " \\u00e9 ')).toBe('\n Don\'t "q"\n   kept   é');
  });
});

describe("Android XML round trip: what the file says comes back", () => {
  it("keeps the comment above strings, plurals, arrays and plural items", async () => {
    const { entries, written } = await expectRoundTrip(
      resources(`
    <!-- Shown on the login button -->
    <string name="b">B</string>
    <!-- Number of files -->
    <plurals name="files">
        <!-- singular -->
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
    <!-- Planets -->
    <string-array name="planets">
        <!-- the first -->
        <item>Mercury</item>
        <!-- the second -->
        <item>Venus</item>
    </string-array>`),
    );
    expect(entries).toEqual([
      { key: "b", value: "B", comment: "Shown on the login button" },
      {
        key: "files",
        plurals: { one: "%d file", other: "%d files" },
        comment: "Number of files",
        meta: { items: { one: { comment: "singular" } } },
      },
      { key: "planets[0]", value: "Mercury", comment: "Planets", meta: { itemComment: "the first" } },
      { key: "planets[1]", value: "Venus", comment: "the second" },
    ]);
    expect(written).toContain('    <!-- Shown on the login button -->\n    <string name="b">B</string>');
  });

  it("keeps tools: and other attributes, product variants and the root's attributes", async () => {
    const { first, written } = await expectRoundTrip(
      resources(
        `
    <string name="a" tools:ignore="MissingTranslation">A</string>
    <string name="pct" formatted="false">100% of %s</string>
    <string name="app" product="tablet">Tablet</string>
    <string name="app" product="default">Phone</string>
    <item type="string" name="legacy">Legacy</item>
    <string name="old" fuzzy="true">Outdated</string>
    <plurals name="p" tools:ignore="UnusedQuantity"><item quantity="other">x</item></plurals>
    <string-array name="arr" tools:ignore="MissingTranslation"><item>1</item></string-array>`,
        `${TOOLS} tools:locale="en"`,
      ),
    );
    expect(first.fileMeta).toEqual({
      en: { attributes: { "xmlns:tools": "http://schemas.android.com/tools", "tools:locale": "en" } },
    });
    expect(first.languages.en).toEqual([
      { key: "a", value: "A", meta: { attributes: { "tools:ignore": "MissingTranslation" } } },
      { key: "pct", value: "100% of %s", meta: { attributes: { formatted: "false" } } },
      { key: "app[product=tablet]", value: "Tablet", meta: { attributes: { product: "tablet" } } },
      { key: "app", value: "Phone", meta: { attributes: { product: "default" } } },
      { key: "legacy", value: "Legacy", meta: { element: "item", attributes: { type: "string" } } },
      { key: "old", value: "Outdated", state: "fuzzy" },
      {
        key: "p",
        plurals: { other: "x" },
        meta: { attributes: { "tools:ignore": "UnusedQuantity" } },
      },
      {
        key: "arr[0]",
        value: "1",
        meta: { array: { attributes: { "tools:ignore": "MissingTranslation" } } },
      },
    ]);
    expect(first.warnings).toEqual([]);
    expect(written).toContain('<resources xmlns:tools="http://schemas.android.com/tools" tools:locale="en">');
  });

  it("declares the tools namespace when the file metadata did not come along", async () => {
    const [file] = await androidXmlFormat.serialize(
      { de: [{ key: "a", value: "A", meta: { attributes: { "tools:ignore": "MissingTranslation" } } }] },
      OUT,
    );
    const written = new TextDecoder().decode(file?.bytes);
    expect(written).toContain(`<resources${TOOLS}>`);
    expect(aaptRead(written).resources[0]?.attributes).toEqual({ "tools:ignore": "MissingTranslation" });
  });

  it("keeps the comment before <resources> and the file's own indentation (issue 33)", async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<!-- Authors:
* Someone
-->
<resources>
  <string name="a">A</string>
  <string-array name="b">
    <item>B</item>
  </string-array>
</resources>
`;
    const parsed = await parse(xml, "ru");
    const [file] = await androidXmlFormat.serialize(parsed.languages, { ...OUT, fileMeta: parsed.fileMeta });
    expect(new TextDecoder().decode(file?.bytes)).toBe(xml);
  });

  it("keeps empty strings as empty values", async () => {
    const { entries, written } = await expectRoundTrip(
      resources(`
    <string name="x"></string>
    <string name="y"/>
    <string name="z">""</string>
    <plurals name="p"><item quantity="one"></item><item quantity="other">%d</item></plurals>
    <string-array name="a"><item/><item>b</item></string-array>`),
    );
    expect(entries).toEqual([
      { key: "x", value: "" },
      { key: "y", value: "" },
      { key: "z", value: "" },
      { key: "p", plurals: { one: "", other: "%d" } },
      { key: "a[0]", value: "" },
      { key: "a[1]", value: "b" },
    ]);
    expect(written).toContain('<string name="y"></string>');
  });

  it("keeps the file's order, never sorting", async () => {
    const names = ["zeta", "alpha", "mid", "Beta", "a_1", "a_0"];
    const { entries } = await expectRoundTrip(
      resources(names.map((name) => `<string name="${name}">${name}</string>`).join("\n")),
    );
    expect(entries.map((entry) => entry.key)).toEqual(names);
  });

  it("keeps integer-arrays and typed arrays as JSON values written back as the same element", async () => {
    const { entries, written } = await expectRoundTrip(
      resources(`
    <!-- Limits -->
    <integer-array name="limits" translatable="false"><item>1</item><item>@integer/max</item></integer-array>
    <array name="icons"><item>@drawable/a</item><item>@drawable/b</item></array>`),
    );
    expect(entries).toEqual([
      {
        key: "limits",
        value: '["1","@integer/max"]',
        valueType: "json",
        translatable: false,
        comment: "Limits",
        meta: { element: "integer-array" },
      },
      { key: "icons", value: '["@drawable/a","@drawable/b"]', valueType: "json", meta: { element: "array" } },
    ]);
    expect(written).toContain('<integer-array name="limits" translatable="false">');
  });

  it("keeps inline markup as elements, CDATA as CDATA and escaped tags as escaped text", async () => {
    const { entries, written } = await expectRoundTrip(
      resources(
        `
    <string name="link">Click <a href="https://x.org/?a=1&amp;b=2">here</a></string>
    <string name="styled"><b>bold</b>, <i>italic</i> and <u>underlined</u></string>
    <string name="name">Hello <xliff:g id="name" example="Bob">%1$s</xliff:g>!</string>
    <string name="cdata"><![CDATA[<b>m</b> %s]]></string>
    <string name="plain_cdata"><![CDATA[Tom & Jerry]]></string>
    <string name="escaped">&lt;b&gt;k&lt;/b&gt; %s</string>
    <plurals name="p"><item quantity="one"><b>%d</b> file</item><item quantity="other"><![CDATA[<b>%d</b> files]]></item></plurals>`,
        XLIFF,
      ),
    );
    expect(entries.slice(0, 6)).toEqual([
      {
        key: "link",
        value: 'Click <a href="https://x.org/?a=1&amp;b=2">here</a>',
        meta: { markup: "elements" },
      },
      {
        key: "styled",
        value: "<b>bold</b>, <i>italic</i> and <u>underlined</u>",
        meta: { markup: "elements" },
      },
      {
        key: "name",
        value: 'Hello <xliff:g id="name" example="Bob">%1$s</xliff:g>!',
        meta: { markup: "elements" },
      },
      { key: "cdata", value: "<b>m</b> %s", meta: { markup: "cdata" } },
      { key: "plain_cdata", value: "Tom & Jerry", meta: { markup: "cdata" } },
      { key: "escaped", value: "<b>k</b> %s", meta: { markup: "escaped" } },
    ]);
    expect(written).toContain(
      '<string name="link">Click <a href="https://x.org/?a=1&amp;b=2">here</a></string>',
    );
    expect(written).toContain('<string name="cdata"><![CDATA[<b>m</b> %s]]></string>');
    expect(written).toContain('<string name="escaped">&lt;b&gt;k&lt;/b&gt; %s</string>');
    expect(written).toContain('<item quantity="one"><b>%d</b> file</item>');
  });

  it("keeps Android escapes so that aapt2 reads the same string", async () => {
    const { entries } = await expectRoundTrip(
      resources(`
    <string name="apostrophe">Don\\'t</string>
    <string name="quotes">Say \\"hi\\"</string>
    <string name="quoted">"It's  spaced "</string>
    <string name="newline">one\\ntwo</string>
    <string name="amp">Tom &amp; Jerry</string>
    <string name="at">\\@home</string>
    <string name="question">\\?what</string>
    <string name="reference">@string/app_name</string>
    <string name="unicode">caf\\u00e9 &#x1F600;</string>`),
    );
    expect(entries.map((entry) => entry.value)).toEqual([
      "Don't",
      'Say "hi"',
      "It's  spaced ",
      "one\ntwo",
      "Tom & Jerry",
      "@home",
      "?what",
      "@string/app_name",
      "café 😀",
    ]);
  });

  it('keeps translatable="false" resources and writes the attribute back', async () => {
    const { first, written } = await expectRoundTrip(
      resources(`
    <string name="url" translatable="false">https://example.org</string>
    <string name="channel" translatable="false" />
    <plurals name="p" translatable="false"><item quantity="other">x</item></plurals>
    <string name="kept">Kept</string>`),
    );
    expect(first.languages.en).toEqual([
      { key: "url", value: "https://example.org", translatable: false },
      { key: "channel", value: "", translatable: false },
      { key: "p", plurals: { other: "x" }, translatable: false },
      { key: "kept", value: "Kept" },
    ]);
    expect(first.warnings).toEqual([]);
    expect(written).toContain('<string name="url" translatable="false">https://example.org</string>');
  });

  it("says each warning once", async () => {
    const parsed = await parse(
      resources(`
    <string>no name</string>
    <integer name="max">3</integer>
    <color name="red">#f00</color>
    <dimen name="d">1dp</dimen>
    <plurals name="p"><item quantity="lots">x</item><item quantity="other">y</item></plurals>
    <string name="a">1</string><string name="a">2</string>`),
    );
    expect(parsed.warnings).toEqual([
      "Skipped a <string> without a name",
      'Skipped a form of "p": unknown quantity "lots"',
      "Skipped 3 resources that are not strings (<integer>, <color>, <dimen>)",
      "1 name appears more than once (the last one was kept): a",
    ]);
  });

  it("keeps all six plural quantities with their comments and markup", async () => {
    const forms = ["zero", "one", "two", "few", "many", "other"];
    const { entries } = await expectRoundTrip(
      resources(
        `<plurals name="p">${forms.map((q) => `<!-- ${q} form --><item quantity="${q}">%d ${q}</item>`).join("\n")}</plurals>`,
      ),
      "ar",
    );
    expect(entries[0]?.plurals).toEqual(Object.fromEntries(forms.map((q) => [q, `%d ${q}`])));
    expect(entries[0]?.meta).toEqual({
      items: Object.fromEntries(forms.map((q) => [q, { comment: `${q} form` }])),
    });
  });
});

describe("lists from other formats", () => {
  it("writes a YAML list with null items (Rails day names) as an <array> with @null, read back as the same JSON", async () => {
    const value = JSON.stringify([null, "Jan", "Feb", ""]);
    const files = await androidXmlFormat.serialize(
      { de: [{ key: "date.abbr_month_names", value, valueType: "json" }] },
      { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false },
    );
    const text = new TextDecoder().decode(files[0]?.bytes);
    expect(text).toContain('<array name="date.abbr_month_names">');
    expect(text).toContain("<item>@null</item>");
    const parsed = await androidXmlFormat.parse(files[0]?.bytes ?? new Uint8Array(), {
      language: "de",
      sourceLanguage: "en",
    });
    expect(parsed.languages.de?.[0]).toMatchObject({
      key: "date.abbr_month_names",
      value,
      valueType: "json",
    });
  });
});

describe("Android XML: \\uXXXX escapes (issue 33)", () => {
  it("writes characters the file escaped as the same escapes, and others as themselves", async () => {
    const { written, entries } = await expectRoundTrip(
      resources(`    <string name="yoga">Relax \\ud83e\\uddd8 now \\u00E9 and é</string>
    <string name="plain">Relax 🧘 now</string>
    <string name="backslash">Not an escape: \\\\u0041</string>`),
    );
    expect(entries.find((entry) => entry.key === "yoga")?.value).toBe("Relax 🧘 now é and é");
    expect(written).toContain('<string name="yoga">Relax \\ud83e\\uddd8 now \\u00E9 and \\u00E9</string>');
    expect(written).toContain('<string name="plain">Relax 🧘 now</string>');
    expect(written).toContain('<string name="backslash">Not an escape: \\\\u0041</string>');
  });
});

describe("Android XML: comments that describe no string (issue 33)", () => {
  it("keeps section headings and comments after the last string, where they were", async () => {
    const xml = resources(`    <!-- Login screen -->

    <!-- The button -->
    <string name="login">Log in</string>
    <!-- Settings -->

    <string name="settings">Settings</string>
    <!-- Old texts follow -->
    <!-- Shown once -->
    <string name="once">Once</string>
    <!-- End of the app strings -->`);
    const { written, entries } = await expectRoundTrip(xml);
    expect(entries.find((entry) => entry.key === "login")?.comment).toBe("The button");
    expect(written).toBe(xml);
  });
});
