// Angular's `ng extract-i18n` files (XLIFF 1.2 and 2.0) must come back as Angular wrote them:
// numeric hash ids as ids (not the source text), descriptions, meanings, source locations, states.
import { describe, expect, it } from "vitest";
import { ecosystemRead, roundTrip } from "./xliff-test-helpers.ts";
import { xliff1Format } from "./xliff1.ts";
import { xliff2Format } from "./xliff2.ts";

/** `ng extract-i18n` output (XLIFF 1.2), translated into French. */
const ANGULAR_12 = `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en-US" datatype="plaintext" original="ng2.template" target-language="fr">
    <body>
      <trans-unit id="introductionHeader" datatype="html">
        <source>Hello i18n!</source>
        <target state="final">Bonjour i18n !</target>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/app.component.html</context>
          <context context-type="linenumber">4,6</context>
        </context-group>
        <note priority="1" from="description">An introduction header for this sample</note>
        <note priority="1" from="meaning">User welcome</note>
      </trans-unit>
      <trans-unit id="5206857922697139278" datatype="html">
        <source>I don&apos;t output any element</source>
        <target state="translated">Je n&apos;affiche aucun élément</target>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/app.component.html</context>
          <context context-type="linenumber">10</context>
        </context-group>
      </trans-unit>
      <trans-unit id="3988254322525264093" datatype="html">
        <source>Save</source>
        <target state="translated">Enregistrer</target>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/editor/editor.component.html</context>
          <context context-type="linenumber">21</context>
        </context-group>
        <note priority="1" from="description">Saves the open document</note>
        <note priority="1" from="meaning">file</note>
      </trans-unit>
      <trans-unit id="1702416930186296736" datatype="html">
        <source>Save</source>
        <target state="needs-review-translation">Sauvegarder</target>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/settings/settings.component.html</context>
          <context context-type="linenumber">48</context>
        </context-group>
        <note priority="1" from="meaning">settings</note>
      </trans-unit>
      <trans-unit id="2910137386693346640" datatype="html">
        <source>Updated <x id="INTERPOLATION" equiv-text="{{ minutes }}"/> minutes ago</source>
        <target state="new"></target>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/app.component.html</context>
          <context context-type="linenumber">15</context>
        </context-group>
      </trans-unit>
      <trans-unit id="5811701742971715242" datatype="html">
        <source>{VAR_PLURAL, plural, =0 {just now} =1 {one minute ago} other {<x id="INTERPOLATION" equiv-text="{{minutes}}"/> minutes ago}}</source>
        <target>{VAR_PLURAL, plural, =0 {à l&apos;instant} =1 {il y a une minute} other {il y a <x id="INTERPOLATION" equiv-text="{{minutes}}"/> minutes}}</target>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/app.component.html</context>
          <context context-type="linenumber">17</context>
        </context-group>
      </trans-unit>
      <trans-unit id="8430234567897013442" datatype="html">
        <source>
      Welcome back,
      <x id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"/>friend<x id="CLOSE_BOLD_TEXT" ctype="x-b" equiv-text="&lt;/b&gt;"/>!
    </source>
        <target>
      Bon retour,
      <x id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"/>ami<x id="CLOSE_BOLD_TEXT" ctype="x-b" equiv-text="&lt;/b&gt;"/> !
    </target>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/app.component.html</context>
          <context context-type="linenumber">22,25</context>
        </context-group>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

/** `ng extract-i18n --format xlf2` output, translated into French. */
const ANGULAR_20 = `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US" trgLang="fr">
  <file id="ngi18n" original="ng.template">
    <unit id="introductionHeader">
      <notes>
        <note category="location">src/app/app.component.html:4,6</note>
        <note category="description">An introduction header for this sample</note>
        <note category="meaning">User welcome</note>
      </notes>
      <segment state="final">
        <source>Hello i18n!</source>
        <target>Bonjour i18n !</target>
      </segment>
    </unit>
    <unit id="3988254322525264093">
      <notes>
        <note category="location">src/app/editor/editor.component.html:21</note>
        <note category="meaning">file</note>
      </notes>
      <segment>
        <source>Save</source>
        <target>Enregistrer</target>
      </segment>
    </unit>
    <unit id="1702416930186296736">
      <notes>
        <note category="location">src/app/settings/settings.component.html:48</note>
        <note category="meaning">settings</note>
      </notes>
      <segment state="reviewed">
        <source>Save</source>
        <target>Sauvegarder</target>
      </segment>
    </unit>
    <unit id="2910137386693346640">
      <notes>
        <note category="location">src/app/app.component.html:15</note>
      </notes>
      <segment>
        <source>Updated <ph id="0" equiv="INTERPOLATION" disp="{{ minutes }}"/> minutes ago</source>
        <target></target>
      </segment>
    </unit>
    <unit id="6035193487460981442">
      <notes>
        <note category="location">src/app/app.component.html:22,25</note>
      </notes>
      <segment>
        <source>Welcome back, <pc id="0" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">friend</pc>!</source>
        <target>Bon retour, <pc id="0" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">ami</pc> !</target>
      </segment>
    </unit>
  </file>
</xliff>
`;

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
        attributes: { datatype: "html" },
        notes: [
          { attributes: { priority: "1", from: "description" }, holds: "comment" },
          { attributes: { priority: "1", from: "meaning" }, holds: "context" },
        ],
        contextGroups: [
          {
            attributes: { purpose: "location" },
            contexts: [
              { attributes: { "context-type": "sourcefile" }, text: "src/app/app.component.html" },
              { attributes: { "context-type": "linenumber" }, text: "4,6" },
            ],
          },
        ],
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
