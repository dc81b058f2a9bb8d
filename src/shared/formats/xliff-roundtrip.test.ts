// Real XLIFF files (/work/shared/corpus, see its README) imported and exported again must read the
// same with the ecosystem's own parser (the `xliff` npm package): units, ids, sources, targets, notes.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ecosystemRead, roundTrip } from "./xliff-test-helpers.ts";
import { xliff1Format } from "./xliff1.ts";

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
