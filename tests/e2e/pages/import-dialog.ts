import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { languageName } from "../../../src/shared/languages.ts";
import type { ImportResult } from "../../../src/shared/schemas/transfer.ts";
import { eventually, expectVisible, hurried } from "../../helpers/e2e.ts";
import { type FilePayload, notice } from "../../helpers/transfer-corpus.ts";
import { button } from "./common.ts";

export type Imported = { result: ImportResult; toast: string } | { error: string };

/** The Overview toolbar's Import dialog, and the notices an import leaves. */
export class ImportDialog {
  constructor(
    readonly page: Page,
    private readonly importUrl: string,
    /** The test installed the page's clock: the dialog's closing second is moved on, not waited. */
    private readonly options: { hurry?: boolean } = {},
  ) {}

  get dialog(): Locator {
    return this.page.getByRole("dialog", { name: "Import translations" });
  }

  async open(): Promise<Locator> {
    await button(this.page, "Import").click();
    await expectVisible(this.dialog);
    return this.dialog;
  }

  /** Notices shown since the last `markNoticesSeen()` (re-imports repeat the same text). */
  newImportNotices(): Locator {
    return this.page
      .locator("[data-sonner-toast]:not([data-e2e-seen])")
      .filter({ has: this.page.locator("[data-title]", { hasText: "Import complete" }) });
  }

  /** Sonner keeps each notice's element while it shows, so a mark tells earlier ones from the next. */
  markNoticesSeen() {
    return this.page.evaluate(() => {
      for (const toast of document.querySelectorAll("[data-sonner-toast]"))
        toast.setAttribute("data-e2e-seen", "");
    });
  }

  /**
   * One import through the dialog, as a user does it: choose the file, read the guessed language
   * (and pick `language` when it differs), set the overwrite option, Import. Answers what the
   * server counted and the notice shown, or the error the dialog shows.
   */
  async importFile(
    file: string | FilePayload,
    expected: { guess: string; language: string; overwrite?: boolean },
  ): Promise<Imported> {
    const page = this.page;
    await this.markNoticesSeen();
    const dialog = await this.open();
    await dialog.getByLabel("File", { exact: true }).setInputFiles(file);
    const select = dialog.getByLabel("Language of the file", { exact: true });
    await eventually(() => select.isEnabled(), Boolean, "the language field, enabled once a file is chosen");
    expect(await select.inputValue(), "the language guessed from the file name").toBe(expected.guess);
    expect(await select.locator("option:checked").textContent()).toBe(
      expected.guess ? `${languageName(expected.guess)} (${expected.guess})` : "Select a language",
    );
    if (expected.language !== expected.guess) await select.selectOption(expected.language);
    const overwrite = dialog.getByRole("checkbox", { name: "Overwrite existing translations" });
    // Spec point 9 defaults: overwrite off, nested keys flattened, the language list kept.
    expect(await overwrite.isChecked()).toBe(false);
    expect(await dialog.getByRole("checkbox", { name: "Flatten nested keys" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("checkbox", { name: "Reset language list" }).isChecked()).toBe(false);
    if (expected.overwrite) await overwrite.check();

    const answer = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url() === this.importUrl,
    );
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const response = await answer;
    if (response.status() !== 200) {
      const alert = dialog.getByRole("alert");
      await expectVisible(alert);
      const error = (await alert.textContent()) ?? "";
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      return { error };
    }
    const result = (await response.json()) as ImportResult;
    const errors = result.errors > 0 ? `, ${result.errors} ${result.errors === 1 ? "error" : "errors"}` : "";
    const shown = `${notice(result)}${errors}`;
    const toast = this.newImportNotices().filter({ has: page.locator("[data-title]", { hasText: shown }) });
    await expectVisible(toast);
    expect(await toast.first().locator("[data-title]").textContent()).toBe(shown);
    // What was skipped is said under the notice.
    const firstWarning = result.warnings[0];
    if (firstWarning)
      expect(await toast.first().locator("[data-description]").textContent()).toContain(firstWarning);
    // Spec point 4: at 100 % the dialog closes by itself.
    const closed = dialog.waitFor({ state: "hidden" });
    await (this.options.hurry ? hurried(page, closed) : closed);
    return { result, toast: shown };
  }
}
