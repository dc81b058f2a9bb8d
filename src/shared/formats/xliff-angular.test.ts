// Angular's `ng extract-i18n` files (XLIFF 1.2 and 2.0) must come back as Angular wrote them:
// numeric hash ids as ids (not the source text), descriptions, meanings, source locations, states.
import { describe, expect, it } from "vitest";
import { angularUnitMeta, ecosystemRead, roundTrip } from "./xliff-test-helpers.ts";
import { ANGULAR_12, ANGULAR_20 } from "./xliff-test-samples.ts";
import { xliff1Format } from "./xliff1.ts";
import { xliff2Format } from "./xliff2.ts";

/** The source file itself (`messages.xlf`): no target language, no targets. */
const ANGULAR_12_SOURCE = ANGULAR_12.replace(' target-language="fr"', "").replace(
  /\s*<target[^>]*>[\s\S]*?<\/target>/g,
  "",
);
const ANGULAR_20_SOURCE = ANGULAR_20.replace(' trgLang="fr"', "").replace(
  /\s*<target>[\s\S]*?<\/target>/g,
  "",
);

describe("Angular XLIFF 1.2 (ng extract-i18n)", () => {
  it("keys units by their ids, with descriptions, meanings, locations and states", async () => {
    const { parsed } = await roundTrip(xliff1Format, ANGULAR_12, "fr", "en-US");
    expect(parsed.warnings).toEqual([]);
    const fr = parsed.languages.fr ?? [];
    expect(fr.map((entry) => entry.key)).toEqual([
      "introductionHeader",
      "5206857922697139278",
      "3988254322525264093",
      "1702416930186296736",
      "2910137386693346640",
      "5811701742971715242",
      "8430234567897013442",
    ]);
    expect(fr[0]).toEqual({
      key: "introductionHeader",
      value: "Bonjour i18n !",
      state: "final",
      comment: "An introduction header for this sample",
      context: "User welcome",
      meta: {
        id: "introductionHeader",
        version: "1.2",
        ...angularUnitMeta("src/app/app.component.html", "4,6"),
      },
    });
    // Same source text under two ids: two keys, never merged.
    expect(fr[2]).toMatchObject({
      value: "Enregistrer",
      context: "file",
      comment: "Saves the open document",
    });
    expect(fr[3]).toMatchObject({
      value: "Sauvegarder",
      context: "settings",
      state: "needs-review-translation",
    });
    expect(fr[4]).toMatchObject({ value: "", state: "new" });
    expect(fr[6]?.value).toContain("\n      Bon retour,\n");
    expect(parsed.languages["en-US"]?.[1]).toMatchObject({ value: "I don't output any element" });
    expect(parsed.fileMeta).toEqual({
      fr: {
        version: "1.2",
        root: { version: "1.2", xmlns: "urn:oasis:names:tc:xliff:document:1.2" },
        files: [
          {
            attributes: {
              "source-language": "en-US",
              datatype: "plaintext",
              original: "ng2.template",
              "target-language": "fr",
            },
          },
        ],
        // Angular's declaration and escaping (`I don&apos;t`), written again as they were.
        xml: {
          prolog: '<?xml version="1.0" encoding="UTF-8" ?>\n',
          textEscapes: "'>",
          // The order Angular writes attributes in, which the database does not keep in objects.
          attributeOrder: {
            xliff: ["version", "xmlns"],
            file: ["source-language", "datatype", "original", "target-language"],
            note: ["priority", "from"],
          },
        },
      },
    });
  });

  it("round-trips: the same entries, file attributes and what Angular's tools read", async () => {
    const { parsed, written, again } = await roundTrip(xliff1Format, ANGULAR_12, "fr", "en-US");
    expect(again.languages).toEqual(parsed.languages);
    expect(again.fileMeta).toEqual(parsed.fileMeta);
    expect(written).toContain('<trans-unit id="5206857922697139278" datatype="html">');
    expect(written).not.toContain("resname");
    expect(await ecosystemRead(written)).toEqual(await ecosystemRead(ANGULAR_12));
  });

  it("round-trips the source file messages.xlf without adding targets", async () => {
    const { parsed, written, again } = await roundTrip(xliff1Format, ANGULAR_12_SOURCE, "en-US", "en-US");
    expect(Object.keys(parsed.languages)).toEqual(["en-US"]);
    expect(parsed.fileMeta?.["en-US"]?.sourceOnly).toBe(true);
    expect(again).toEqual(parsed);
    expect(written).not.toContain("<target");
    expect(written).not.toContain("target-language");
    expect(await ecosystemRead(written)).toEqual(await ecosystemRead(ANGULAR_12_SOURCE));
  });
});

describe("Angular XLIFF 2.0 (ng extract-i18n --format xlf2)", () => {
  it("keys units by their ids; description → comment, meaning → context, locations kept", async () => {
    const { parsed } = await roundTrip(xliff2Format, ANGULAR_20, "fr", "en-US");
    expect(parsed.warnings).toEqual([]);
    const fr = parsed.languages.fr ?? [];
    expect(fr.map((entry) => entry.key)).toEqual([
      "introductionHeader",
      "3988254322525264093",
      "1702416930186296736",
      "2910137386693346640",
      "6035193487460981442",
    ]);
    expect(fr[0]).toEqual({
      key: "introductionHeader",
      value: "Bonjour i18n !",
      state: "final",
      comment: "An introduction header for this sample",
      context: "User welcome",
      meta: {
        id: "introductionHeader",
        version: "2.0",
        notes: [
          { attributes: { category: "location" }, text: "src/app/app.component.html:4,6" },
          { attributes: { category: "description" }, holds: "comment" },
          { attributes: { category: "meaning" }, holds: "context" },
        ],
      },
    });
    expect(fr[1]).toMatchObject({ value: "Enregistrer", context: "file" });
    expect(fr[2]).toMatchObject({ value: "Sauvegarder", context: "settings", state: "reviewed" });
    expect(fr[3]).toMatchObject({ value: "" });
    expect(parsed.fileMeta?.fr).toEqual({
      version: "2.0",
      root: {
        version: "2.0",
        xmlns: "urn:oasis:names:tc:xliff:document:2.0",
        srcLang: "en-US",
        trgLang: "fr",
      },
      files: [{ attributes: { id: "ngi18n", original: "ng.template" } }],
      xml: {
        prolog: '<?xml version="1.0" encoding="UTF-8" ?>\n',
        attributeOrder: { xliff: ["version", "xmlns", "srcLang", "trgLang"] },
      },
    });
  });

  it("round-trips: the same entries, file attributes and what Angular's tools read", async () => {
    const { parsed, written, again } = await roundTrip(xliff2Format, ANGULAR_20, "fr", "en-US");
    expect(again.languages).toEqual(parsed.languages);
    expect(again.fileMeta).toEqual(parsed.fileMeta);
    expect(written).toContain('<unit id="6035193487460981442">');
    expect(written).not.toContain("name=");
    expect(await ecosystemRead(written)).toEqual(await ecosystemRead(ANGULAR_20));
  });

  it("round-trips the source file messages.xlf without adding targets", async () => {
    const { parsed, written, again } = await roundTrip(xliff2Format, ANGULAR_20_SOURCE, "en-US", "en-US");
    expect(parsed.fileMeta?.["en-US"]?.sourceOnly).toBe(true);
    expect(again).toEqual(parsed);
    expect(written).not.toContain("<target");
    expect(written).not.toContain("trgLang");
    expect(await ecosystemRead(written)).toEqual(await ecosystemRead(ANGULAR_20_SOURCE));
  });
});
