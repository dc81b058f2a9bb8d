// Real XLIFF files (/work/shared/corpus, see its README) imported and exported again must read the
// same with the ecosystem's own parser (the `xliff` npm package): units, ids, sources, targets, notes.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { XliffJs, XliffJsUnit } from "xliff";
import { bytes, ecosystemRead, roundTrip, throughDatabase } from "./xliff-test-helpers.ts";
import { SAMPLES } from "./xliff-test-samples.ts";
import { xliff1Format } from "./xliff1.ts";
import { xliff2Format } from "./xliff2.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const SYMFONY = "xliff-1.2/symfony-security/src/Symfony/Component/Security/Core/Resources/translations";

describe("XLIFF 1.2 corpus: Symfony security translations", () => {
  const names = readdirSync(join(CORPUS, SYMFONY)).filter((name) => name.endsWith(".xlf"));

  it("has the files", () => {
    expect(names).toEqual([
      "security.ar.xlf",
      "security.de.xlf",
      "security.en.xlf",
      "security.ja.xlf",
      "security.ru.xlf",
    ]);
  });

  for (const name of names) {
    const language = name.split(".")[1] ?? "";
    const original = readFileSync(join(CORPUS, SYMFONY, name), "utf8");

    it(`${name}: parse → serialize → parse gives the same entries and file attributes`, async () => {
      const { parsed, again } = await roundTrip(xliff1Format, original, language, "en");
      expect(parsed.warnings).toEqual([]);
      expect(again).toEqual(parsed);
      // Symfony keys messages by their source text.
      expect(parsed.languages.en?.every((entry) => entry.key === entry.value)).toBe(true);
    });

    it(`${name}: the xliff package reads the export as it reads the original`, async () => {
      const { written } = await roundTrip(xliff1Format, original, language, "en");
      const before = await ecosystemRead(original);
      const after = await ecosystemRead(written);
      expect(after).toEqual(before);
      const units = Object.entries(after.resources["file.ext"] ?? {});
      expect(units.length).toBeGreaterThan(15);
      // Ids as Symfony numbered them (with their gaps), not the source text.
      expect(units.every(([id]) => /^\d+$/.test(id))).toBe(true);
    });
  }
});

describe("XLIFF samples laid out as their tools write them: the writer writes them again (issue 33)", () => {
  for (const sample of SAMPLES) {
    const format = sample.version === "2.0" ? xliff2Format : xliff1Format;

    it(`${sample.name}: serialize(parse(file)) is the file, byte for byte`, async () => {
      const { parsed, written } = await roundTrip(
        format,
        sample.document,
        sample.language,
        sample.sourceLanguage,
      );
      expect(parsed.warnings).toEqual([]);
      expect(written).toBe(sample.document);
    });

    it(`${sample.name}: reading the export gives the same units, sources, targets and notes`, async () => {
      const { parsed, written, again } = await roundTrip(
        format,
        sample.document,
        sample.language,
        sample.sourceLanguage,
      );
      expect(again).toEqual(parsed);
      expect(await ecosystemRead(written)).toEqual(await ecosystemRead(sample.document));
    });
  }
});

/** Angular projects' files in the repository's corpus (tests/fixtures/corpus, see its README). */
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "../../../tests/fixtures/corpus");
const ANGULAR_PROJECTS: { folder: string; version: "1.2" | "2.0"; source: string }[] = [
  { folder: "xliff-2.0/pkspot/src/locale", version: "2.0", source: "en" },
  { folder: "xliff-1.2/tiny-translator/projects/tiny-translator/src/i18n", version: "1.2", source: "en" },
];

/**
 * The files the writer alone gives back byte for byte: laid out as `ng extract-i18n` lays them
 * out. The others were laid out otherwise after the extraction (pkspot's messages.de-CH.xlf by
 * Prettier's XML plugin; messages.fr.xlf writes `'` both as itself and as `&apos;`;
 * tiny-translator's translations have context groups on one line and blank lines in units): the
 * writer gives their units back, and an export keeps their layout through the uploaded file, its
 * template (src/server/transfer/template-render.ts; tests/integration/file-templates-corpus.test.ts).
 */
const WRITER_BYTE_FOR_BYTE = new Set([
  "xliff-2.0/pkspot/src/locale/messages.xlf",
  "xliff-2.0/pkspot/src/locale/messages.de.xlf",
  "xliff-1.2/tiny-translator/projects/tiny-translator/src/i18n/messages.xlf",
]);

/**
 * The package's reading without text standing between a unit's elements, which XLIFF does not
 * allow there and no unit's content holds (messages.de-CH.xlf has a `1` after a `</segment>`): the
 * writer does not write it; an export keeps it through the uploaded file, its template.
 */
function withoutStrayText(read: XliffJs): XliffJs {
  const strip = (units: Record<string, XliffJsUnit>): Record<string, XliffJsUnit> =>
    Object.fromEntries(
      Object.entries(units).map(([id, unit]) => {
        const { additionalElements, groupUnits, ...rest } = unit;
        const elements = (additionalElements ?? []).filter(
          (element) => (element as { type?: string }).type !== "text",
        );
        return [
          id,
          {
            ...rest,
            ...(elements.length > 0 ? { additionalElements: elements } : {}),
            ...(groupUnits ? { groupUnits: strip(groupUnits) } : {}),
          },
        ];
      }),
    );
  return {
    ...read,
    resources: Object.fromEntries(
      Object.entries(read.resources).map(([file, units]) => [file, strip(units)]),
    ),
  };
}

describe.skipIf(!existsSync(FIXTURES))("XLIFF corpus: the files the writer gives back byte for byte", () => {
  it("are files of the corpus", () => {
    for (const path of WRITER_BYTE_FOR_BYTE) expect(existsSync(join(FIXTURES, path)), path).toBe(true);
  });
});

for (const project of ANGULAR_PROJECTS) {
  const folder = join(FIXTURES, project.folder);
  describe.skipIf(!existsSync(folder))(`XLIFF ${project.version} corpus: ${project.folder}`, () => {
    const format = project.version === "2.0" ? xliff2Format : xliff1Format;
    const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".xlf")) : [];
    for (const name of names) {
      // messages.xlf is the source file; messages.de-CH.xlf holds de-CH (ru-google: "ru-google").
      const language = name.split(".").length === 3 ? (name.split(".")[1] ?? "") : project.source;
      const original = readFileSync(join(folder, name), "utf8");
      const byteForByte = WRITER_BYTE_FOR_BYTE.has(`${project.folder}/${name}`);

      it(`${name}: reads back the same: units, ids, sources, targets, notes, inline markup`, async () => {
        const { parsed, written, again } = await roundTrip(format, original, language, project.source);
        expect(parsed.warnings).toEqual([]);
        expect(again).toEqual(parsed);
        expect(withoutStrayText(await ecosystemRead(written))).toEqual(
          withoutStrayText(await ecosystemRead(original)),
        );
      });

      it(`${name}: reads back the same through the database (jsonb key order)`, async () => {
        const { parsed } = await roundTrip(format, original, language, project.source);
        const written = await throughDatabase(format, parsed, project.source);
        expect(await format.parse(bytes(written), { language, sourceLanguage: project.source })).toEqual(
          parsed,
        );
      });

      if (byteForByte) {
        it(`${name}: the writer gives it back byte for byte, directly and through the database`, async () => {
          const { parsed, written } = await roundTrip(format, original, language, project.source);
          expect(written).toBe(original);
          expect(await throughDatabase(format, parsed, project.source)).toBe(original);
        });
      }
    }
  });
}

describe("XLIFF 1.2 corpus: Symfony security translations, byte for byte", () => {
  const names = readdirSync(join(CORPUS, SYMFONY)).filter((name) => name.endsWith(".xlf"));
  for (const name of names) {
    const language = name.split(".")[1] ?? "";
    const original = readFileSync(join(CORPUS, SYMFONY, name), "utf8");
    it(`${name}: directly and through the database`, async () => {
      const { parsed, written } = await roundTrip(xliff1Format, original, language, "en");
      expect(written).toBe(original);
      expect(await throughDatabase(xliff1Format, parsed, "en")).toBe(original);
    });
  }
});

describe("XLIFF samples through the database (jsonb sorts the keys of every object)", () => {
  for (const sample of SAMPLES) {
    it(`${sample.name}: attributes come back in the file's order`, async () => {
      const format = sample.version === "2.0" ? xliff2Format : xliff1Format;
      const { parsed } = await roundTrip(format, sample.document, sample.language, sample.sourceLanguage);
      expect(await throughDatabase(format, parsed, sample.sourceLanguage)).toBe(sample.document);
    });
  }
});
