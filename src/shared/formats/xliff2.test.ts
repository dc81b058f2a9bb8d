import { describe, expect, it } from "vitest";
import { FormatError, type ParsedFile, type SerializeOptions, type TranslationEntry } from "./types.ts";
import { ecosystemRead } from "./xliff-test-helpers.ts";
import { ANGULAR_20_MESSAGES } from "./xliff-test-samples.ts";
import { xliff2Format } from "./xliff2.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "fr", sourceLanguage = "en") {
  return xliff2Format.parse(typeof input === "string" ? bytes(input) : input, { language, sourceLanguage });
}

/** A realistic XLIFF 2.0 file (an Angular-style i18n extraction translated into French). */
const DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US" trgLang="fr">
  <file id="ngi18n" original="ng.template">
    <notes>
      <note category="file">Checkout flow</note>
    </notes>
    <unit id="cart.title">
      <notes>
        <note category="description">Heading of the shopping cart page</note>
        <note category="meaning">cart</note>
      </notes>
      <segment state="final">
        <source>Your cart</source>
        <target>Votre panier</target>
      </segment>
    </unit>
    <unit id="cart.items">
      <segment state="translated">
        <source>You have <ph id="0" equiv="INTERPOLATION" disp="{{ count }}"/> items in <pc id="1" dataRefStart="b" dataRefEnd="b">your cart</pc>.</source>
        <target>Vous avez <ph id="0" equiv="INTERPOLATION" disp="{{ count }}"/> articles dans <pc id="1" dataRefStart="b" dataRefEnd="b">votre panier</pc>.</target>
      </segment>
    </unit>
    <group id="checkout">
      <unit id="4217623466512347523" name="checkout.pay">
        <segment>
          <source>Pay now</source>
          <target>Payer maintenant</target>
        </segment>
      </unit>
      <unit id="checkout.terms">
        <segment id="s1" state="translated">
          <source>I accept the terms.</source>
          <target>J'accepte les conditions.</target>
        </segment>
        <ignorable>
          <source> </source>
        </ignorable>
        <segment id="s2" state="translated">
          <source>Prices include VAT &amp; shipping.</source>
          <target>Les prix incluent la TVA &amp; la livraison.</target>
        </segment>
      </unit>
    </group>
    <unit id="checkout.coupon">
      <segment state="initial">
        <source>Add a coupon</source>
      </segment>
    </unit>
    <unit id="checkout.split">
      <segment><source>First part.</source><target>Première partie.</target></segment>
      <segment><source> Second part.</source></segment>
    </unit>
    <unit id="brand" translate="no">
      <segment><source>ShopCo</source><target>ShopCo</target></segment>
    </unit>
    <unit id="42">
      <segment><source>Numbered unit</source><target>Unité numérotée</target></segment>
    </unit>
  </file>
</xliff>
`;

describe("XLIFF 2.0: reading", () => {
  it("reads units, segments, notes, inline codes, states and the document's languages", async () => {
    const parsed = await parse(DOCUMENT, "fr", "en-US");
    const title = {
      comment: "Heading of the shopping cart page",
      context: "cart",
      meta: {
        id: "cart.title",
        version: "2.0",
        notes: [
          { attributes: { category: "description" }, holds: "comment" },
          { attributes: { category: "meaning" }, holds: "context" },
        ],
      },
    };
    const inGroup = (id: string) => ({ meta: { id, version: "2.0", groups: [{ id: "checkout" }] } });
    expect(parsed.languages["en-US"]).toEqual([
      { key: "cart.title", value: "Your cart", ...title },
      {
        key: "cart.items",
        value:
          'You have <ph id="0" equiv="INTERPOLATION" disp="{{ count }}"/> items in <pc id="1" dataRefStart="b" dataRefEnd="b">your cart</pc>.',
        meta: { id: "cart.items" },
      },
      { key: "checkout.pay", value: "Pay now", ...inGroup("4217623466512347523") },
      {
        key: "checkout.terms",
        value: "I accept the terms. Prices include VAT & shipping.",
        ...inGroup("checkout.terms"),
      },
      { key: "checkout.coupon", value: "Add a coupon", meta: { id: "checkout.coupon" } },
      { key: "checkout.split", value: "First part. Second part.", meta: { id: "checkout.split" } },
      { key: "brand", value: "ShopCo", translatable: false, meta: { id: "brand" } },
      // Angular's file (original="ng.template"): a numeric id is a message id, not a number.
      { key: "42", value: "Numbered unit", meta: { id: "42" } },
    ]);
    expect(parsed.languages.fr).toEqual([
      { key: "cart.title", value: "Votre panier", state: "final", ...title },
      {
        key: "cart.items",
        value:
          'Vous avez <ph id="0" equiv="INTERPOLATION" disp="{{ count }}"/> articles dans <pc id="1" dataRefStart="b" dataRefEnd="b">votre panier</pc>.',
        state: "translated",
        meta: { id: "cart.items" },
      },
      { key: "checkout.pay", value: "Payer maintenant", ...inGroup("4217623466512347523") },
      {
        key: "checkout.terms",
        value: "J'accepte les conditions. Les prix incluent la TVA & la livraison.",
        state: "translated",
        ...inGroup("checkout.terms"),
      },
      { key: "brand", value: "ShopCo", translatable: false, meta: { id: "brand" } },
      { key: "42", value: "Unité numérotée", meta: { id: "42" } },
    ]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.fileMeta).toEqual({
      fr: {
        version: "2.0",
        root: {
          version: "2.0",
          xmlns: "urn:oasis:names:tc:xliff:document:2.0",
          srcLang: "en-US",
          trgLang: "fr",
        },
        files: [
          {
            attributes: { id: "ngi18n", original: "ng.template" },
            elements: ['<notes>\n      <note category="file">Checkout flow</note>\n    </notes>'],
          },
        ],
        xml: {
          attributeOrder: {
            xliff: ["version", "xmlns", "srcLang", "trgLang"],
            unit: ["id", "translate", "name"],
          },
        },
      },
    });
  });

  it("says when the document's languages are not the ones chosen", async () => {
    const parsed = await parse(DOCUMENT, "de", "en");
    expect(Object.keys(parsed.languages)).toEqual(["en-US", "fr"]);
    expect(parsed.warnings).toEqual([
      expect.stringContaining('source language is "en-US"'),
      expect.stringContaining('translations are in "fr" (not de)'),
    ]);
  });

  it("falls back to the chosen languages when the document names none", async () => {
    const parsed = await parse(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"><file id="f"><unit id="a"><segment><source>A</source><target>B</target></segment></unit></file></xliff>',
    );
    expect(parsed.languages).toEqual({
      en: [{ key: "a", value: "A", meta: { id: "a" } }],
      fr: [{ key: "a", value: "B", meta: { id: "a" } }],
    });
  });

  it("reads an XLIFF 1.2 document too (both versions share .xlf)", async () => {
    const parsed = await parse(`<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="fr" datatype="plaintext" original="x"><body>
    <trans-unit id="hello"><source>Hello</source><target>Bonjour</target></trans-unit>
  </body></file>
</xliff>`);
    expect(parsed.languages.fr).toEqual([{ key: "hello", value: "Bonjour", meta: { id: "hello" } }]);
  });
});

describe("XLIFF 2.0: writing", () => {
  it("writes one {lang}.xlf per target language, one unit per key", async () => {
    const files = await xliff2Format.serialize(
      {
        en: [
          { key: "cart.title", value: "Your cart", comment: "Heading" },
          { key: "Free text key", value: 'You have <ph id="0"/> items & <i>more</i>' },
          { key: "later", value: "Later" },
        ],
        fr: [
          { key: "cart.title", value: "Votre panier" },
          { key: "Free text key", value: 'Vous avez <ph id="0"/> articles & <i>plus</i>' },
        ],
      },
      OUT,
    );
    expect(files.map((file) => file.path)).toEqual(["fr.xlf"]);
    expect(text(files[0]?.bytes ?? new Uint8Array())).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
  <file id="f1">
    <unit id="cart.title">
      <notes>
        <note>Heading</note>
      </notes>
      <segment>
        <source>Your cart</source>
        <target>Votre panier</target>
      </segment>
    </unit>
    <unit id="1" name="Free text key">
      <segment>
        <source>You have <ph id="0"/> items &amp; &lt;i&gt;more&lt;/i&gt;</source>
        <target>Vous avez <ph id="0"/> articles &amp; &lt;i&gt;plus&lt;/i&gt;</target>
      </segment>
    </unit>
    <unit id="later">
      <segment state="initial">
        <source>Later</source>
      </segment>
    </unit>
  </file>
</xliff>
`);
  });

  it("round-trips the realistic document: parse → serialize → parse gives the same entries", async () => {
    const parsed = await parse(DOCUMENT, "fr", "en-US");
    const files = await xliff2Format.serialize(parsed.languages, { ...OUT, sourceLanguage: "en-US" });
    expect(files.map((file) => file.path)).toEqual(["fr.xlf"]);
    const again = await parse(files[0]?.bytes ?? new Uint8Array(), "fr", "en-US");
    expect(again.languages).toEqual(parsed.languages);
    expect(again.warnings).toEqual([]);
  });

  it("writes plural entries as ICU plural messages", async () => {
    const entries: TranslationEntry[] = [{ key: "n", plurals: { one: "# item", other: "# items" } }];
    const [file] = await xliff2Format.serialize({ en: entries }, OUT);
    expect((await parse(file?.bytes ?? new Uint8Array(), "en")).languages.en).toEqual([
      { key: "n", value: "{count, plural, one {# item} other {# items}}", meta: { id: "n" } },
    ]);
  });
});

describe("XLIFF 2.0: bad input gets a clear error", () => {
  const lol = Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`,
  ).join("");
  const body = DOCUMENT.replace(/^<\?xml[^>]*>\n/, "");
  const cases: [string, string | Uint8Array, RegExp][] = [
    [
      "an entity bomb (billion laughs)",
      `<!DOCTYPE xliff [<!ENTITY lol "lol">${lol}]>${body.replace("Votre panier", "&lol9;")}`,
      /declares XML entities/,
    ],
    [
      "an external entity (XXE)",
      `<!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/shadow">]>${body.replace("Votre panier", "&xxe;")}`,
      /declares XML entities/,
    ],
    [
      "a truncated document",
      DOCUMENT.slice(0, DOCUMENT.indexOf("Payer")),
      /ends before .* closed \(is it truncated\?\)/,
    ],
    ["binary data", new Uint8Array([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x34]), /binary|UTF-8/],
    [
      "10,000 nested groups",
      `<xliff version="2.0" srcLang="en"><file id="f">${"<group id='g'>".repeat(10_000)}${"</group>".repeat(10_000)}</file></xliff>`,
      /nested more than 64 levels/,
    ],
    ["malformed XML", body.replace("</target>", "</source>"), /malformed XML/],
  ];
  for (const [name, input, message] of cases) {
    it(`rejects ${name}`, async () => {
      const parsing = parse(input);
      await expect(parsing).rejects.toBeInstanceOf(FormatError);
      await expect(parsing).rejects.toThrow(message);
    });
  }
});

describe("XLIFF 2.0: Angular's source file comes back as Angular wrote it (issue 33)", () => {
  const sourceOptions = { ...OUT, sourceLanguage: "en-US" };
  const write = async (languages: Record<string, TranslationEntry[]>, fileMeta?: ParsedFile["fileMeta"]) => {
    const files = await xliff2Format.serialize(languages, {
      ...sourceOptions,
      ...(fileMeta ? { fileMeta } : {}),
    });
    expect(files).toHaveLength(1);
    return { path: files[0]?.path, xml: text(files[0]?.bytes ?? new Uint8Array()) };
  };

  it("keeps inline elements in the value as the file wrote them, with every attribute", async () => {
    const parsed = await parse(ANGULAR_20_MESSAGES, "en-US", "en-US");
    const values = parsed.languages["en-US"]?.map((entry) => entry.value);
    expect(values).toEqual([
      'Hello <ph id="0" equiv="INTERPOLATION" disp="{{ name }}"/> and <pc id="1" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">bold</pc>',
      `Don't say "hi" to <ph id="0" equiv="INTERPOLATION" disp="{{ user.name | titlecase }}"/>!`,
      'Read <pc id="0" equivStart="START_LINK" equivEnd="CLOSE_LINK" type="link" dispStart="&lt;a&gt;" dispEnd="&lt;/a&gt;">the <ph id="1" equiv="INTERPOLATION_1" disp="{{ &apos;docs&apos; | t }}"/></pc><ph id="2" equiv="LINE_BREAK" type="fmt" disp="&lt;br/&gt;"/>',
      `Spaced <ph id='0' disp='{{ x }}' /> <sc id="1" type="fmt"/>on<ec startRef="1" type="fmt"/> <mrk id="m1" translate="no">Sprog</mrk> <cp hex="0001"/> <pc id="2"></pc>`,
    ]);
  });

  it("keeps every note with its attributes, in order: the description as the comment, the rest in meta", async () => {
    const parsed = await parse(ANGULAR_20_MESSAGES, "en-US", "en-US");
    const [greeting, quoted, link] = parsed.languages["en-US"] ?? [];
    expect(greeting).toMatchObject({ comment: "Greeting on the home page", context: "home" });
    expect(greeting?.meta?.notes).toEqual([
      { attributes: { category: "description" }, holds: "comment" },
      { attributes: { category: "meaning" }, holds: "context" },
      { attributes: { category: "location" }, text: "src/app/x.html:12" },
    ]);
    expect(quoted?.comment).toBeUndefined();
    expect(quoted?.meta?.notes).toEqual([
      { attributes: { category: "location" }, text: "src/app/x.html:14" },
      { attributes: { category: "location" }, text: "src/app/y.html:3,5" },
    ]);
    expect(link?.comment).toBe("A link & a line break");
    expect(link?.meta?.notes).toEqual([
      {
        attributes: { id: "n1", category: "location", appliesTo: "source", priority: "2" },
        text: "src/app/z.html:7",
      },
      { attributes: { category: "description" }, holds: "comment" },
    ]);
  });

  it("writes the source file back byte for byte: no <target>, no trgLang, Angular's escaping", async () => {
    const parsed = await parse(ANGULAR_20_MESSAGES, "en-US", "en-US");
    const { path, xml } = await write(parsed.languages, parsed.fileMeta);
    expect(path).toBe("en-US.xlf");
    expect(xml).toBe(ANGULAR_20_MESSAGES);
  });

  it("imported as another language's file, the source file still comes back as it was", async () => {
    const parsed = await parse(ANGULAR_20_MESSAGES, "de", "en-US");
    expect(parsed.languages.de).toEqual([]);
    const { xml } = await write({ "en-US": parsed.languages["en-US"] ?? [] }, parsed.fileMeta);
    expect(xml).toBe(ANGULAR_20_MESSAGES);
  });

  it("units read without a <target> get none in the source language's file, even without the file's metadata", async () => {
    const parsed = await parse(ANGULAR_20_MESSAGES, "en-US", "en-US");
    const { xml } = await write({ "en-US": parsed.languages["en-US"] ?? [] });
    expect(xml).not.toContain("<target");
    expect(xml).not.toContain("trgLang");
    expect(xml).not.toContain('state="initial"');
  });

  it("writes a translation with the source's inline markup and reads it back", async () => {
    const parsed = await parse(ANGULAR_20_MESSAGES, "en-US", "en-US");
    const source = parsed.languages["en-US"] ?? [];
    const de = [
      {
        ...source[0],
        key: source[0]?.key ?? "",
        value: (source[0]?.value ?? "")
          .replace("Hello", "Hallo")
          .replace("and", "und")
          .replace(">bold<", ">fett<"),
        state: "translated",
      },
      {
        ...source[3],
        key: source[3]?.key ?? "",
        value: (source[3]?.value ?? "").replace("Spaced", "Mit Abstand"),
      },
    ];
    const { path, xml } = await write({ "en-US": source, de }, parsed.fileMeta);
    expect(path).toBe("de.xlf");
    expect(xml).toContain(
      '<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US" trgLang="de">',
    );
    expect(xml).toContain(`      <segment state="translated">
        <source>Hello <ph id="0" equiv="INTERPOLATION" disp="{{ name }}"/> and <pc id="1" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">bold</pc></source>
        <target>Hallo <ph id="0" equiv="INTERPOLATION" disp="{{ name }}"/> und <pc id="1" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">fett</pc></target>
      </segment>`);
    expect(xml).toContain(
      `<target>Mit Abstand <ph id='0' disp='{{ x }}' /> <sc id="1" type="fmt"/>on<ec startRef="1" type="fmt"/> <mrk id="m1" translate="no">Sprog</mrk> <cp hex="0001"/> <pc id="2"></pc></target>`,
    );
    // Untranslated units wait for their translation, as before.
    expect(xml).toContain(`      <segment state="initial">
        <source>Don&apos;t say &quot;hi&quot; to`);
    const again = await parse(bytes(xml), "de", "en-US");
    expect(again.languages.de?.map((entry) => entry.value)).toEqual(de.map((entry) => entry.value));
    expect(again.languages["en-US"]?.map((entry) => entry.value)).toEqual(source.map((entry) => entry.value));
  });
});

describe("XLIFF 2.0: a file laid out otherwise (issue 33)", () => {
  // The writer writes its own layout in the file's style; a file laid out otherwise keeps its
  // layout through the export's template (src/server/transfer/template-render.ts), so the writer
  // alone is asked to give its units back.
  /** As Prettier's XML plugin lays out a translated `ng extract-i18n` file. */
  const PRETTIER = `<xliff
  version="2.0"
  xmlns="urn:oasis:names:tc:xliff:document:2.0"
  srcLang="en"
  trgLang="de-CH"
>
  <file id="ngi18n" original="ng.template">
    <unit id="3575990016862725996">
      <segment state="initial">
        <source
        > Join our Discord server! </source>
        <target
        > Tritt eusem Discord Server bii! </target>
      </segment>
    </unit>
    <unit id="3762050401268226469">
      <segment state="initial">
        <source>Don&apos;t save</source>
        <target>Nöd speichere</target>
      </segment>
    </unit>
  </file>
</xliff>
`;

  it("reads back the same, and a changed unit is written in the file's style and reads back changed", async () => {
    const parsed = await parse(PRETTIER, "de-CH", "en");
    expect(parsed.fileMeta?.["de-CH"]).not.toHaveProperty("asWritten");
    const options = { ...OUT, fileMeta: parsed.fileMeta ?? {} };
    const [same] = await xliff2Format.serialize(parsed.languages, options);
    const written = text(same?.bytes ?? new Uint8Array());
    expect(await parse(written, "de-CH", "en")).toEqual(parsed);
    expect(await ecosystemRead(written)).toEqual(await ecosystemRead(PRETTIER));
    const changed = (parsed.languages["de-CH"] ?? []).map((entry) =>
      entry.key === "3575990016862725996" ? { ...entry, value: " Chum id Discord-Gruppe! " } : entry,
    );
    const [file] = await xliff2Format.serialize({ ...parsed.languages, "de-CH": changed }, options);
    const edited = text(file?.bytes ?? new Uint8Array());
    expect(edited).toContain(
      "<source> Join our Discord server! </source>\n        <target> Chum id Discord-Gruppe! </target>",
    );
    expect((await parse(edited, "de-CH", "en")).languages).toEqual({
      ...parsed.languages,
      "de-CH": changed,
    });
  });

  it("writes a unit split into segments as one segment, which reads back the same", async () => {
    const parsed = await parse(DOCUMENT, "fr", "en-US");
    const options = { ...OUT, sourceLanguage: "en-US", fileMeta: parsed.fileMeta ?? {} };
    const [same] = await xliff2Format.serialize(parsed.languages, options);
    const written = text(same?.bytes ?? new Uint8Array());
    expect(written).toContain(`      <unit id="checkout.terms">
        <segment state="translated">
          <source>I accept the terms. Prices include VAT &amp; shipping.</source>
          <target>J'accepte les conditions. Les prix incluent la TVA &amp; la livraison.</target>
        </segment>
      </unit>`);
    expect((await parse(written, "fr", "en-US")).languages).toEqual(parsed.languages);
    const changed = (parsed.languages.fr ?? []).map((entry) =>
      entry.key === "checkout.terms" ? { ...entry, value: "J'accepte. Prix TTC." } : entry,
    );
    const [file] = await xliff2Format.serialize({ ...parsed.languages, fr: changed }, options);
    const edited = text(file?.bytes ?? new Uint8Array());
    expect(edited).toContain("<target>J'accepte. Prix TTC.</target>");
    expect((await parse(edited, "fr", "en-US")).languages).toEqual({ ...parsed.languages, fr: changed });
  });
});
