import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect } from "vitest";
import { languageName } from "../../src/shared/languages.ts";
import { testDatabaseKind } from "../helpers/database.ts";
import { expectVisible, journey } from "../helpers/e2e.ts";
import { upload } from "../helpers/transfer.ts";
import {
  CORPUS_IMPORTS,
  changes,
  corpus,
  EXPORT_LAYOUT,
  type ExportLayout,
  LANGUAGES,
  notice,
  PLAIN,
  SOURCE,
} from "../helpers/transfer-corpus.ts";
import { transferJourneyForThisFile } from "../helpers/transfer-journey.ts";
import { button } from "./pages/common.ts";
import { ImportDialog } from "./pages/import-dialog.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Export and import back in Chromium against the real server (issue 5, spec points 4, 8 and 9): a
 * project holding the corpus (imported through the API, as import-files.e2e.test.ts imports it
 * through the dialog) is exported in every format the Export dialog offers — each a
 * `translations-{projectId}.zip` with a file per language — and each format's German file imported
 * back through the dialog changes nothing: 0 keys and 0 translations added, the key list identical.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const projectName = "Website";

describe(`export and import back on ${testDatabaseKind() === "postgres" ? "PostgreSQL" : "PGlite"}`, () => {
  const t = transferJourneyForThisFile({
    email: `transfer-${stamp}-${suffix}@example.test`,
    teamName: `Transfer ${suffix}`,
    projectName,
  });
  const page = () => t().page;
  const importer = () => new ImportDialog(page(), `${t().app.url}/api/projects/${t().projectId}/import`);
  const exportDialog = () => page().getByRole("dialog", { name: "Export translations" });
  const step = journey("import-export", () => t().page);
  /** Each exported format's zip, unpacked: path → bytes. */
  const exported = new Map<string, Record<string, Uint8Array>>();

  beforeAll(async () => {
    // The corpus files, as import-files.e2e imports them through the dialog (same defaults).
    for (const file of CORPUS_IMPORTS) {
      const imported = await upload(
        t().owner,
        t().projectId,
        basename(file.path),
        new Uint8Array(readFileSync(corpus(file.path))),
        { language: file.language },
      );
      if (imported.status !== 200)
        throw new Error(`importing ${file.what}: ${JSON.stringify(imported.body)}`);
    }
  });

  step("1. the owner opens the project's Overview, holding the corpus", async () => {
    const overview = new OverviewPage(page(), t().app.url);
    await overview.goto();
    await overview.pickProject(projectName);
    await expectVisible(page().getByRole("heading", { name: projectName, exact: true }));
    await expectVisible(overview.table);
  });

  step("2. Export needs at least one language", async () => {
    await button(page(), "Export").click();
    const dialog = exportDialog();
    await expectVisible(dialog);
    const exports: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().endsWith("/export")) exports.push(request.url());
    };
    page().on("request", onRequest);
    for (const code of LANGUAGES) {
      const box = dialog.getByRole("checkbox", { name: languageName(code), exact: true });
      // Every language of the project is selected to begin with.
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
    }
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    await expectVisible(
      dialog.getByRole("alert").filter({ hasText: "Please select at least one language to export" }),
    );
    page().off("request", onRequest);
    expect(exports).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  step(
    "3. every format the Export dialog offers downloads translations-{projectId}.zip with a file per language",
    async () => {
      const state = await t().snapshot();
      expect(state.languages).toEqual(LANGUAGES);
      // A plain text of each language, to find in the files that carry that language.
      const sample = new Map(
        LANGUAGES.map((code) => [
          code,
          state.keys.map((row) => row.strings[code]?.value ?? "").find((value) => PLAIN.test(value)) ?? "",
        ]),
      );
      for (const code of LANGUAGES) expect(sample.get(code), `a plain ${code} text`).not.toBe("");

      await button(page(), "Export").click();
      await expectVisible(exportDialog());
      const offered = await exportDialog()
        .getByLabel("Format", { exact: true })
        .locator("option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      // Each format the dialog offers is checked here, and nothing here is missing from the dialog.
      expect([...offered].sort()).toEqual(Object.keys(EXPORT_LAYOUT).sort());
      await exportDialog().getByRole("button", { name: "Cancel" }).click();
      await exportDialog().waitFor({ state: "hidden" });

      for (const format of offered) {
        const layout = EXPORT_LAYOUT[format] as ExportLayout;
        await button(page(), "Export").click();
        const dialog = exportDialog();
        await expectVisible(dialog);
        await dialog.getByLabel("Format", { exact: true }).selectOption(format);
        for (const code of LANGUAGES) {
          expect(
            await dialog.getByRole("checkbox", { name: languageName(code), exact: true }).isChecked(),
          ).toBe(true);
        }
        const [download] = await Promise.all([
          page().waitForEvent("download", { timeout: 60_000 }),
          dialog.getByRole("button", { name: "Export", exact: true }).click(),
        ]);
        expect(download.suggestedFilename(), format).toBe(`translations-${t().projectId}.zip`);
        const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
        expect(Object.keys(zip).sort(), `the files of the ${format} export`).toEqual(
          Object.keys(layout.files).sort(),
        );
        for (const [path, languages] of Object.entries(layout.files)) {
          const bytes = zip[path] as Uint8Array;
          expect(bytes.length, `${format}: ${path} is empty`).toBeGreaterThan(0);
          // Excel: the text is in the workbook's XML parts (it is a zip itself).
          const text =
            format === "xlsx"
              ? Object.values(unzipSync(bytes))
                  .map((part) => strFromU8(part))
                  .join("\n")
              : strFromU8(bytes);
          for (const code of languages) {
            expect(text.includes(sample.get(code) ?? ""), `${format}: ${path} holds ${code} text`).toBe(true);
          }
        }
        exported.set(format, zip);
        // Spec point 4: the steps end in Complete, then the dialog closes.
        await expectVisible(dialog.getByRole("status").filter({ hasText: "Complete" }));
        await dialog.waitFor({ state: "hidden" });
      }
    },
    300_000,
  );

  step(
    "4. each format's German file imported back changes nothing: 0 keys and 0 translations added",
    async () => {
      const outcomes: { format: string; overwrite: boolean; notice: string; unchanged: boolean }[] = [];
      for (const [format, zip] of exported) {
        const layout = EXPORT_LAYOUT[format] as ExportLayout;
        // A user unzips and picks the file: the browser hands over its name without the folder.
        const name = basename(layout.reimport);
        const payload = {
          name,
          mimeType: "application/octet-stream",
          buffer: Buffer.from(zip[layout.reimport] ?? []),
        };
        const namesGerman = /(^|[._-])de\.[a-z]+$/.test(name);
        // CSV and Excel name each language's column by its code: the field does not matter there.
        const table = Object.values(layout.files)[0]?.length === LANGUAGES.length;
        const language = namesGerman || !table ? "de" : SOURCE;
        // Overwrite off (the default) shows no key or empty string was added; overwrite on then
        // shows every value came back exactly as exported (an identical value is not a change).
        for (const overwrite of [false, true]) {
          const before = await t().snapshot();
          const imported = await importer().importFile(payload, {
            guess: namesGerman ? "de" : "",
            language,
            overwrite,
          });
          const after = await t().snapshot();
          const unchanged = JSON.stringify(after) === JSON.stringify(before);
          outcomes.push({
            format,
            overwrite,
            notice: "error" in imported ? imported.error : imported.toast,
            unchanged,
          });
          if (!unchanged) {
            const written = changes(before, after).written.slice(0, 3);
            console.warn(`[e2e] re-importing ${format}'s ${name} wrote e.g. ${JSON.stringify(written)}`);
          }
        }
      }
      expect(outcomes.length).toBe(2 * Object.keys(EXPORT_LAYOUT).length);
      // One comparison for all formats, so a failure lists every format that changed something.
      const nothing = notice({ keysAdded: 0, translationsAdded: 0, languagesAdded: 0 });
      expect(outcomes).toEqual(
        outcomes.map(({ format, overwrite }) => ({ format, overwrite, notice: nothing, unchanged: true })),
      );
    },
    600_000,
  );
});
