// Which key a unit gets, and that every unit comes back: same source text under two ids, multi-line
// and long sources, spaces at the ends, empty strings, order, notes, states (both XLIFF versions).
import { describe, expect, it } from "vitest";
import type { FormatDefinition } from "./types.ts";
import { ecosystemRead, roundTrip } from "./xliff-test-helpers.ts";
import { xliff1Format } from "./xliff1.ts";
import { xliff2Format } from "./xliff2.ts";

const xliff12 = (units: string) => `<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
    <file source-language="en" target-language="de" datatype="plaintext" original="file.ext">
        <body>
${units}
        </body>
    </file>
</xliff>
`;

const xliff20 = (units: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="messages">
${units}
  </file>
</xliff>
`;

const unit12 = (id: string, source: string, target: string, extra = "") =>
  `            <trans-unit id="${id}"${extra}>\n                <source>${source}</source>\n                <target>${target}</target>\n            </trans-unit>`;
const unit20 = (id: string, source: string, target: string, extra = "") =>
  `    <unit id="${id}"${extra}>\n      <segment>\n        <source>${source}</source>\n        <target>${target}</target>\n      </segment>\n    </unit>`;

const LONG = `${"A very long explanation of the settings page. ".repeat(6)}End.`;
const HUGE = "x".repeat(501);

const versions: [string, FormatDefinition, (units: string) => string, typeof unit12][] = [
  ["XLIFF 1.2", xliff1Format, xliff12, unit12],
  ["XLIFF 2.0", xliff2Format, xliff20, unit20],
];

for (const [name, format, document, unit] of versions) {
  const check = async (input: string) => {
    const trip = await roundTrip(format, input, "de", "en");
    expect(trip.again).toEqual(trip.parsed);
    expect(await ecosystemRead(trip.written)).toEqual(await ecosystemRead(input));
    return trip;
  };
  const keysOf = (trip: { parsed: { languages: Record<string, { key: string }[]> } }) =>
    trip.parsed.languages.de?.map((entry) => entry.key);

  describe(`${name}: keys`, () => {
    it("keys Symfony's numbered units by their source text, ids kept for writing back", async () => {
      const trip = await check(
        document([unit("1", "Sign in", "Anmelden"), unit("2", "Sign out", "Abmelden")].join("\n")),
      );
      expect(keysOf(trip)).toEqual(["Sign in", "Sign out"]);
      expect(trip.parsed.languages.de?.map((entry) => entry.meta)).toEqual([{ id: "1" }, { id: "2" }]);
      expect(trip.written).toMatch(/id="1"/);
      expect(trip.written).not.toMatch(/resname|name="/);
    });

    it("keeps two units with the same source text apart (the file is keyed by its ids)", async () => {
      const trip = await check(
        document([unit("1", "Save", "Speichern"), unit("2", "Save", "Sichern")].join("\n")),
      );
      expect(keysOf(trip)).toEqual(["1", "2"]);
      expect(trip.parsed.languages.de?.map((entry) => entry.value)).toEqual(["Speichern", "Sichern"]);
      expect(trip.parsed.warnings).toEqual([]);
    });

    it("keeps a multi-line and a 300-character source text as keys, untrimmed", async () => {
      const lines = "\n      First line\n      second line\n    ";
      const trip = await check(
        document(
          [
            unit("1", lines, "\n      Erste Zeile\n      zweite Zeile\n    "),
            unit("2", LONG, "Lang."),
            unit("3", " Description ", " Beschreibung "),
          ].join("\n"),
        ),
      );
      expect(LONG.length).toBeGreaterThan(255);
      expect(keysOf(trip)).toEqual([lines, LONG, " Description "]);
      expect(trip.parsed.languages.de?.[2]?.value).toBe(" Beschreibung ");
    });

    it("keys the file by its ids when a source text is over 500 characters", async () => {
      const trip = await check(document([unit("1", HUGE, "y"), unit("2", "Short", "Kurz")].join("\n")));
      expect(keysOf(trip)).toEqual(["1", "2"]);
    });

    it("keeps a unit's name on the way back when it is also the source text (the file names its units)", async () => {
      const nameAttribute = name === "XLIFF 1.2" ? "resname" : "name";
      const input = document(unit("1", "}", "", ` ${nameAttribute}="}"`));
      const trip = await check(input);
      expect(keysOf(trip)).toEqual(["}"]);
      expect(trip.written).toContain(`${nameAttribute}="}"`);
      expect(trip.again).toEqual(trip.parsed);
    });

    it("keeps names and ids with spaces untrimmed, and never merges two units with one name", async () => {
      const nameAttribute = name === "XLIFF 1.2" ? "resname" : "name";
      const trip = await roundTrip(
        format,
        document(
          [
            unit("a", "Description", "Beschreibung", ` ${nameAttribute}=" Description "`),
            unit("b", "Other", "Andere", ` ${nameAttribute}=" Description "`),
          ].join("\n"),
        ),
        "de",
        "en",
      );
      expect(keysOf(trip)).toEqual([" Description ", " Description  (2)"]);
      expect(trip.parsed.warnings).toEqual([expect.stringContaining("the later one was imported as")]);
      expect(trip.again.languages).toEqual(trip.parsed.languages);
    });
  });

  describe(`${name}: what comes back`, () => {
    it("keeps empty strings, order (never sorted), states, translate=no and maximum lengths", async () => {
      const size = name === "XLIFF 1.2" ? ' maxwidth="20" size-unit="char"' : ' slr:sizeRestriction="20"';
      const input = document(
        [
          unit("zeta", "Last", ""),
          unit("alpha", "First", "Erste", ' translate="no"'),
          unit("mid", "Middle", "Mitte", size),
        ].join("\n"),
      ).replace('version="2.0"', 'version="2.0" xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0"');
      const trip = await check(input);
      expect(trip.parsed.languages.de).toEqual([
        { key: "zeta", value: "", meta: { id: "zeta" } },
        { key: "alpha", value: "Erste", translatable: false, meta: { id: "alpha" } },
        { key: "mid", value: "Mitte", maxLength: 20, meta: { id: "mid" } },
      ]);
    });

    it("writes notes back: the comment, the meaning and other notes", async () => {
      const notes =
        name === "XLIFF 1.2"
          ? '<note>Shown on the login page</note>\n                <note from="meaning">auth</note>\n                <note from="developer">Keep short</note>'
          : '<notes><note>Shown on the login page</note><note category="meaning">auth</note><note category="developer">Keep short</note></notes>';
      const input =
        name === "XLIFF 1.2"
          ? document(
              unit("login", "Log in", "Anmelden").replace("</target>", `</target>\n                ${notes}`),
            )
          : document(unit("login", "Log in", "Anmelden").replace("<segment>", `${notes}\n      <segment>`));
      const trip = await check(input);
      expect(trip.parsed.languages.de?.[0]).toMatchObject({
        comment: "Shown on the login page",
        context: "auth",
      });
      expect(trip.written).toContain("Keep short");
    });

    it("writes a comment and context given in Sprog as notes", async () => {
      const files = await format.serialize(
        {
          en: [{ key: "k", value: "Key", comment: "Where it shows", context: "menu" }],
          de: [{ key: "k", value: "Schlüssel", comment: "Where it shows", context: "menu", state: "final" }],
        },
        { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false },
      );
      const parsed = await format.parse(files[0]?.bytes ?? new Uint8Array(), {
        language: "de",
        sourceLanguage: "en",
      });
      expect(parsed.languages.de).toEqual([
        {
          key: "k",
          value: "Schlüssel",
          comment: "Where it shows",
          context: "menu",
          state: "final",
          meta: expect.anything(),
        },
      ]);
    });
  });
}
