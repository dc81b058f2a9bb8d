import type { Locator, Page } from "playwright-core";
import { expectVisible } from "../../helpers/e2e.ts";
import { button, picker } from "./common.ts";

/** Columns of a row of the keys table that hold a cell editor: the source, the selected language. */
export type CellColumn = "source" | "selected";

/**
 * The Overview (/app/overview): the keys table with its rows, cells and row actions, the selection,
 * the language tabs and the toolbar. Cell editors are found by their label, "{Language} of {key}".
 */
export class OverviewPage {
  constructor(
    readonly page: Page,
    private readonly appUrl: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.appUrl}/app/overview`);
  }

  /**
   * With nothing remembered, the team's first project (by name) opens by itself (issue 19): the
   * picker shows `projectName` and the screen never asks to choose one.
   */
  async expectFirstProject(projectName: string) {
    await expectVisible(picker(this.page).filter({ hasText: projectName }));
    if ((await this.page.getByText("No project selected").count()) > 0) {
      throw new Error(`'No project selected' shows instead of ${projectName}`);
    }
  }

  get table(): Locator {
    return this.page.locator('table[aria-label="Translation keys"]');
  }

  /** The row of a key. */
  row(key: string): Locator {
    return this.table.locator(`tr[data-key=${JSON.stringify(key)}]`);
  }

  /** The button that opens a cell's editor: column 1 of the row is the source, 2 the selected language. */
  cell(key: string, column: CellColumn): Locator {
    return this.row(key)
      .locator("td")
      .nth(column === "source" ? 1 : 2)
      .locator("[data-cell-trigger]");
  }

  /** An open cell editor, e.g. `editor("German", "checkout.title")`. */
  editor(languageName: string, key: string): Locator {
    return this.page.getByRole("textbox", { name: `${languageName} of ${key}`, exact: true });
  }

  /** Opens a cell's editor by clicking the cell; answers the editor. */
  async openCell(key: string, column: CellColumn, languageName: string): Promise<Locator> {
    await this.cell(key, column).click();
    const editor = this.editor(languageName, key);
    await expectVisible(editor);
    return editor;
  }

  /** Types `value` over a cell's text and saves it with Enter; waits until the editor has closed. */
  async editCell(key: string, column: CellColumn, languageName: string, value: string) {
    const editor = await this.openCell(key, column, languageName);
    await editor.fill(value);
    await editor.press("Enter");
    await editor.waitFor({ state: "detached" });
  }

  /** Closes an open editor with Escape, which discards what was typed. */
  async discard(languageName: string, key: string) {
    const editor = this.editor(languageName, key);
    await editor.press("Escape");
    await editor.waitFor({ state: "detached" });
  }

  /** Row actions render for the row under the pointer: the pointer moves away first, so the hover is a real move. */
  async hoverRow(key: string) {
    await this.page.mouse.move(0, 0);
    await this.row(key).hover();
  }

  /** A row action (e.g. "Edit key checkout.pay", "History of German of checkout.title"). */
  rowAction(name: string): Locator {
    return button(this.page, name);
  }

  selectBox(key: string): Locator {
    return this.page.getByRole("checkbox", { name: `Select ${key}` });
  }

  /** The selection bar shown while keys are selected. */
  get selection(): Locator {
    return this.page.getByRole("region", { name: "Selection" });
  }

  /** Selects the keys and starts a review of them from the selection bar; answers the dialog. */
  async reviewSelection(keys: string[]): Promise<Locator> {
    for (const key of keys) await this.selectBox(key).click();
    await button(this.selection, "Review").click();
    const dialog = this.page.getByRole("dialog", { name: "Add to Review" });
    await expectVisible(dialog);
    return dialog;
  }

  languageTab(languageName: string | RegExp): Locator {
    return this.page
      .getByRole("tablist", { name: "Languages" })
      .getByRole("tab", { name: typeof languageName === "string" ? new RegExp(languageName) : languageName });
  }

  toolbarButton(name: string): Locator {
    return button(this.page, name);
  }

  /** Runs a toolbar action: its button, or below 640 px the item of the '⋯ More' menu (issue 19). */
  async toolbarAction(name: string) {
    const more = button(this.page, "More");
    if (await more.isVisible()) {
      await more.click();
      await this.page.getByRole("menuitem", { name, exact: true }).click();
    } else {
      await this.toolbarButton(name).click();
    }
  }
}
