// Samples modelled on real files, each written as its tool writes it: exporting what reading them
// gave must write them again byte for byte (issue 33).

/**
 * `ng extract-i18n --format xlf2` output (the source file `messages.xlf`: no `trgLang`, no
 * `<target>`), with Angular's escaping (`&apos;` `&quot;` `&gt;` in text and attributes), notes of
 * every category and inline elements of every kind, one of them written by hand (single quotes,
 * a space before `/>`).
 */
export const ANGULAR_20_MESSAGES = `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US">
  <file id="ngi18n" original="ng.template">
    <unit id="4089375342133335290">
      <notes>
        <note category="description">Greeting on the home page</note>
        <note category="meaning">home</note>
        <note category="location">src/app/x.html:12</note>
      </notes>
      <segment>
        <source>Hello <ph id="0" equiv="INTERPOLATION" disp="{{ name }}"/> and <pc id="1" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">bold</pc></source>
      </segment>
    </unit>
    <unit id="7361206287236450734">
      <notes>
        <note category="location">src/app/x.html:14</note>
        <note category="location">src/app/y.html:3,5</note>
      </notes>
      <segment>
        <source>Don&apos;t say &quot;hi&quot; to <ph id="0" equiv="INTERPOLATION" disp="{{ user.name | titlecase }}"/>!</source>
      </segment>
    </unit>
    <unit id="1958473958371736254">
      <notes>
        <note id="n1" category="location" appliesTo="source" priority="2">src/app/z.html:7</note>
        <note category="description">A link &amp; a line break</note>
      </notes>
      <segment>
        <source>Read <pc id="0" equivStart="START_LINK" equivEnd="CLOSE_LINK" type="link" dispStart="&lt;a&gt;" dispEnd="&lt;/a&gt;">the <ph id="1" equiv="INTERPOLATION_1" disp="{{ &apos;docs&apos; | t }}"/></pc><ph id="2" equiv="LINE_BREAK" type="fmt" disp="&lt;br/&gt;"/></source>
      </segment>
    </unit>
    <unit id="inline.kinds">
      <segment>
        <source>Spaced <ph id='0' disp='{{ x }}' /> <sc id="1" type="fmt"/>on<ec startRef="1" type="fmt"/> <mrk id="m1" translate="no">Sprog</mrk> <cp hex="0001"/> <pc id="2"></pc></source>
      </segment>
    </unit>
  </file>
</xliff>
`;

/**
 * `ng extract-i18n` output (XLIFF 1.2, the source file `messages.xlf`): Angular's `<x>` placeholders
 * with `ctype` and `equiv-text`, location context groups, description and meaning notes; one unit
 * with the inline elements other tools write (`<g>`, `<bx>`, `<ex>`, `<ph>`, `<it>`, `<mrk>`).
 */
export const ANGULAR_12_MESSAGES = `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en-US" datatype="plaintext" original="ng2.template">
    <body>
      <trans-unit id="4089375342133335290" datatype="html">
        <source>Hello <x id="INTERPOLATION" equiv-text="{{ name }}"/> <x id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"/>bold<x id="CLOSE_BOLD_TEXT" ctype="x-b" equiv-text="&lt;/b&gt;"/></source>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/x.html</context>
          <context context-type="linenumber">12</context>
        </context-group>
        <note priority="1" from="description">Greeting on the home page</note>
        <note priority="1" from="meaning">home</note>
      </trans-unit>
      <trans-unit id="7361206287236450734" datatype="html">
        <source>Don&apos;t say &quot;hi&quot; to <x id="INTERPOLATION" equiv-text="{{ &apos;a&apos; | t }}"/>!</source>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/x.html</context>
          <context context-type="linenumber">14</context>
        </context-group>
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/y.html</context>
          <context context-type="linenumber">3</context>
        </context-group>
      </trans-unit>
      <trans-unit id="inline.kinds" datatype="html">
        <source>Click <g id="1" ctype="x-a" xid="link">here</g>, <bx id="2" rid="r1" ctype="bold"/>bold<ex id="3" rid="r1"/> <ph id="4" ctype="image">&lt;img src=&quot;x.png&quot;/&gt;</ph> <it id="5" pos="open" ctype="italic">&lt;i&gt;</it>and <mrk mtype="protected" mid="m1">Sprog</mrk><x id='6' ctype='lb' /></source>
        <note priority="3" from="developer" annotates="source">Inline elements other tools write</note>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

/** `ng extract-i18n` output (XLIFF 1.2), translated into French. */
export const ANGULAR_12 = `<?xml version="1.0" encoding="UTF-8" ?>
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
export const ANGULAR_20 = `<?xml version="1.0" encoding="UTF-8" ?>
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

/**
 * A Symfony translation file as its tooling writes it: four spaces, `xmlns` before `version`, a
 * lower-case `utf-8`, `resname` keys, a group, notes, a unit waiting for its translation.
 */
export const SYMFONY_12 = `<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
    <file source-language="en" target-language="de" datatype="plaintext" original="file.ext">
        <header>
            <tool tool-id="symfony" tool-name="Symfony"/>
        </header>
        <body>
            <trans-unit id="a1b2c3" resname="security.login.title">
                <source>Sign in</source>
                <target>Anmelden</target>
                <note>Title of the login page</note>
            </trans-unit>
            <group id="errors" resname="errors">
                <trans-unit id="7">
                    <source>Invalid CSRF token.</source>
                    <target state="translated">Ungültiges CSRF-Token.</target>
                </trans-unit>
                <trans-unit id="20">
                    <source>Too many failed login attempts, please try again in %minutes% minutes.</source>
                    <target state="needs-translation">Too many failed login attempts, please try again in %minutes% minutes.</target>
                </trans-unit>
            </group>
        </body>
    </file>
</xliff>
`;

/** A translated `ng extract-i18n --format xlf2` file as some editors save it: no declaration, no newline at the end. */
export const ANGULAR_20_TRANSLATED = `<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="fr">
  <file id="ngi18n" original="ng.template">
    <unit id="3762050401268226469">
      <segment state="initial">
        <source>Unknown Action</source>
        <target>Action inconnue</target>
      </segment>
    </unit>
    <unit id="2788928704037276887">
      <segment state="translated">
        <source><pc id="0" equivStart="START_TAG_MAT_ICON" equivEnd="CLOSE_TAG_MAT_ICON" type="other" dispStart="&lt;mat-icon&gt;" dispEnd="&lt;/mat-icon&gt;">code</pc> MIT License </source>
        <target><pc id="0" equivStart="START_TAG_MAT_ICON" equivEnd="CLOSE_TAG_MAT_ICON" type="other" dispStart="&lt;mat-icon&gt;" dispEnd="&lt;/mat-icon&gt;">receipt_long</pc> Voir la licence </target>
      </segment>
    </unit>
    <unit id="lang_btn_label">
      <notes>
        <note category="description">The label of the change language button</note>
        <note category="meaning">Language button label</note>
      </notes>
      <segment state="final">
        <source>Don&apos;t change the language</source>
        <target>Ne changez pas la langue d&apos;affichage</target>
      </segment>
    </unit>
  </file>
</xliff>`;

/** Every sample, with the format that writes it and the languages to read it as. */
export const SAMPLES: {
  name: string;
  version: "1.2" | "2.0";
  document: string;
  language: string;
  sourceLanguage: string;
}[] = [
  {
    name: "Angular 2.0 messages.xlf",
    version: "2.0",
    document: ANGULAR_20_MESSAGES,
    language: "en-US",
    sourceLanguage: "en-US",
  },
  {
    name: "Angular 1.2 messages.xlf",
    version: "1.2",
    document: ANGULAR_12_MESSAGES,
    language: "en-US",
    sourceLanguage: "en-US",
  },
  {
    name: "Angular 1.2 translated",
    version: "1.2",
    document: ANGULAR_12,
    language: "fr",
    sourceLanguage: "en-US",
  },
  {
    name: "Angular 2.0 translated",
    version: "2.0",
    document: ANGULAR_20,
    language: "fr",
    sourceLanguage: "en-US",
  },
  {
    name: "Angular 2.0 translated, no declaration",
    version: "2.0",
    document: ANGULAR_20_TRANSLATED,
    language: "fr",
    sourceLanguage: "en",
  },
  { name: "Symfony 1.2", version: "1.2", document: SYMFONY_12, language: "de", sourceLanguage: "en" },
];
