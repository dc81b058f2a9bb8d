import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { languageName } from "../../src/shared/languages.ts";
import { testDatabaseKind } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import {
  CORPUS_IMPORTS,
  changes,
  corpus,
  jsonStrings,
  notice,
  SHOWN_AS_IS,
  SOURCE,
} from "../helpers/transfer-corpus.ts";
import { transferJourneyForThisFile } from "../helpers/transfer-journey.ts";
import { ImportDialog } from "./pages/import-dialog.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Importing files in Chromium against the real server (issue 5, spec points 2, 4, 8 and 9): the
 * owner imports real corpus files of seven formats through the Import dialog — the language guessed
 * from the file name (corrected where the name does not say it), the completion notice with the
 * counts the file and the key list say it must have, the rows in the Overview. A broken file shows
 * the spec's error and changes nothing. Exporting every format and importing it back is
 * import-export.e2e.test.ts.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const projectName = "Website";

describe(`importing files on ${testDatabaseKind() === "postgres" ? "PostgreSQL" : "PGlite"}`, () => {
  const t = transferJourneyForThisFile({
    email: `import-${stamp}-${suffix}@example.test`,
    teamName: `Import ${suffix}`,
    projectName,
  });
  const page = () => t().page;
  const importer = () => new ImportDialog(page(), `${t().app.url}/api/projects/${t().projectId}/import`);
  const step = journey("import-files", () => t().page);

  /** The Overview finds the key by search and shows its text in `language`'s column. */
  const expectRow = async (key: string, language: string, value: string) => {
    const overview = new OverviewPage(page(), t().app.url);
    if (language !== SOURCE) {
      const tab = new RegExp(languageName(language));
      await overview.languageTab(tab).click();
      await expectVisible(page().getByRole("tab", { name: tab, selected: true }));
    }
    const search = page().getByLabel("Search keys");
    await search.fill(key);
    const row = overview.row(key);
    await expectVisible(row);
    await eventually(
      () => row.innerText(),
      (text) => text.includes(value),
      `the ${language} text of ${key} in its row`,
    );
    await search.fill("");
  };

  step("1. the owner opens the empty project's Overview", async () => {
    await page().goto(`${t().app.url}/app/overview`);
    await expectVisible(page().getByText("No project selected"));
    await page().getByRole("button", { name: projectName, exact: true }).click();
    await expectVisible(page().getByRole("heading", { name: projectName, exact: true }));
    await expectVisible(page().getByText("Wonderful, a new beginning"));
  });

  CORPUS_IMPORTS.forEach((file, index) => {
    step(
      `2${String.fromCharCode(97 + index)}. importing the ${file.what}: language ${file.guess === file.language ? "guessed" : `guessed ${file.guess}, set to ${file.language}`}, the notice counts what changed`,
      async () => {
        const before = await t().snapshot();
        const imported = await importer().importFile(corpus(file.path), file);
        if ("error" in imported) expect.fail(`the import failed: ${imported.error}`);
        const after = await t().snapshot();
        const changed = changes(before, after);
        // The notice's numbers are what the key list says was added.
        expect({
          keysAdded: imported.result.keysAdded,
          translationsAdded: imported.result.translationsAdded,
          languagesAdded: imported.result.languagesAdded,
        }).toEqual({
          keysAdded: changed.keysAdded,
          translationsAdded: changed.translationsAdded,
          languagesAdded: changed.languagesAdded,
        });
        expect(changed.translationsAdded).toBeGreaterThan(0);
        // Every string written is in the file's language, or the source text PO and XLIFF carry.
        expect(new Set(changed.written.map((w) => w.language))).toEqual(
          new Set(
            changed.written.some((w) => w.language === SOURCE) ? [file.language, SOURCE] : [file.language],
          ),
        );
        expect(changed.languagesAdded).toBe(before.languages.includes(file.language) ? 0 : 1);

        if (file.json) {
          // Worked out from the file alone: every string is a key, empty ones too (excalidraw's
          // `_one`/`_many` names are not plural forms), new keys added, empty cells filled.
          const { keys, strings, other } = jsonStrings(file.path);
          expect(other, "leaves that are not text (they would be skipped with a warning)").toBe(0);
          const had = new Map(before.keys.map((row) => [row.key, row]));
          const expected = {
            keysAdded: [...keys].filter((key) => !had.has(key)).length,
            translationsAdded: [...strings.keys()].filter(
              (key) => !had.get(key)?.strings[file.language]?.value,
            ).length,
            languagesAdded: 0,
          };
          expect(imported.toast).toBe(notice(expected));
        }

        // A string of the file, found in the Overview.
        const probe = changed.written.find(
          (w) => w.language === file.language && SHOWN_AS_IS.test(w.value) && !/["\\]/.test(w.key),
        );
        expect(probe, "a one-line string among those imported").toBeDefined();
        if (probe) await expectRow(probe.key, probe.language, probe.value);
      },
      180_000,
    );
  });

  step("3. a file Sprog cannot read shows the spec's error and changes nothing", async () => {
    const before = await t().snapshot();
    const dialog = await importer().open();
    const input = dialog.getByLabel("File", { exact: true });
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expectVisible(
      dialog
        .getByRole("alert")
        .filter({ hasText: "Error processing file: notes.txt is not a format Sprog reads" }),
    );

    const broken = '{ "greeting": "Hello", "farewell": ';
    await input.setInputFiles({ name: "de.json", mimeType: "application/json", buffer: Buffer.from(broken) });
    await dialog.getByRole("alert").waitFor({ state: "detached" });
    expect(await dialog.getByLabel("Language of the file", { exact: true }).inputValue()).toBe("de");
    const answer = page().waitForResponse((response) =>
      response.url().endsWith(`/api/projects/${t().projectId}/import`),
    );
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    expect((await answer).status()).toBe(400);
    await expectVisible(
      dialog.getByRole("alert").filter({ hasText: "Invalid JSON file. Please check the file format." }),
    );
    expect(await dialog.getByRole("alert").textContent()).toBe(
      "Invalid JSON file. Please check the file format.",
    );
    // The dialog stays open with the file, so the user can pick another one or cancel.
    await expectVisible(dialog.getByRole("button", { name: "Import", exact: true }));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await t().snapshot()).toEqual(before);
  });
});
