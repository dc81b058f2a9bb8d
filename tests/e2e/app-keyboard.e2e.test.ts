import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import { appWorldForThisFile } from "../helpers/app-world.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { expectPath, expectVisible } from "../helpers/e2e.ts";
import { buildKey } from "../helpers/factories.ts";
import {
  describeFocus,
  expectFocused,
  expectFocusRing,
  focusInside,
  fromTheTop,
  tabTo,
} from "../helpers/keyboard.ts";
import { AppScreens } from "./pages/app-screens.ts";
import { button, mainNav, toast } from "./pages/common.ts";

/**
 * The signed-in app by keyboard alone (issue 7, "Quality"): Tab reaches the top nav's tabs and Enter
 * moves between Overview, Reviews, Team and Tone; a dialog keeps the focus inside, Escape closes it
 * and the focus goes back to the opener; the language tabs move with the arrow keys; the keys table
 * is entered with Tab, its cells are walked with the arrow keys, Enter/Space edit, Enter saves and
 * Escape cancels, and Tab in an open editor saves and goes down the column. What axe says of the same
 * screens is app-accessibility.e2e.test.ts.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const reviewTitle = "Checkout copy";
const invited = `keys-invited-${stamp}-${suffix}@example.test`;

describe(`the app by keyboard on ${testDatabaseLabel()}`, () => {
  const session = appWorldForThisFile({
    owner: { email: `keys-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" },
    reviewer: {
      email: `keys-reviewer-${stamp}-${suffix}@example.test`,
      firstName: "Rita",
      lastName: "Reviewer",
    },
    invited,
    teamName: `Keys ${suffix}`,
    projectName: "Storefront",
    reviewTitle,
  });
  const page = () => session().page;
  const screens = () =>
    new AppScreens(page(), session().app.url, {
      key: "checkout.pay",
      reviewTitle,
      reviewId: session().world.reviewId,
      memberName: "Rita Reviewer",
      invited,
    });
  const overview = () => screens().overview;

  describe("keyboard", () => {
    it("reaches the top nav's tabs with Tab and moves between Overview, Reviews, Team and Tone with Enter", async () => {
      await screens().openOverview();
      await fromTheTop(page());
      const tab = (name: string) => mainNav(page()).getByRole("link", { name, exact: true });
      await tabTo(tab("Overview"), "the Overview tab");
      await expectFocusRing(tab("Overview"), "the Overview tab");
      expect(await tab("Overview").getAttribute("aria-current")).toBe("page");

      await page().keyboard.press("Tab");
      await expectFocused(tab("Reviews"), "Tab after Overview");
      await page().keyboard.press("Enter");
      await expectPath(page(), /^\/app\/reviews$/);
      await expectVisible(page().getByRole("link", { name: reviewTitle }));
      await expectFocused(tab("Reviews"), "after opening Reviews");
      expect(await tab("Reviews").getAttribute("aria-current")).toBe("page");

      await page().keyboard.press("Tab");
      await expectFocused(tab("Team"), "Tab after Reviews");
      await page().keyboard.press("Enter");
      await expectPath(page(), /^\/app\/team$/);
      await expectVisible(page().getByRole("list", { name: "Members" }));

      await page().keyboard.press("Tab");
      await expectFocused(tab("Tone"), "Tab after Team");
      await page().keyboard.press("Enter");
      await expectPath(page(), /^\/app\/tone$/);
      await expectVisible(page().getByRole("textbox", { name: "Product Context" }));
      expect(await tab("Tone").getAttribute("aria-current")).toBe("page");

      // Back to the Overview with Shift+Tab.
      await tabTo(tab("Overview"), "the Overview tab backwards", { back: true, max: 3 });
      await page().keyboard.press("Enter");
      await expectPath(page(), /^\/app\/overview$/);
      await expectVisible(overview().cell("checkout.pay", "selected"));
      expect(await tab("Overview").getAttribute("aria-current")).toBe("page");
    });

    it("a dialog opened with the keyboard keeps Tab and Shift+Tab inside; Escape closes it and focus returns to the opener", async () => {
      await screens().openOverview();
      await fromTheTop(page());
      const opener = button(page(), "New");
      await tabTo(opener, "the New button");
      await expectFocusRing(opener, "the New button");
      await page().keyboard.press("Enter");
      const opened = screens().dialog("Add Translation Key");
      await expectVisible(opened);
      await expectFocused(opened.getByLabel("Key name"), "the dialog's first field");

      const seen = new Set<string>();
      for (const key of [...Array(8).fill("Tab"), ...Array(8).fill("Shift+Tab")] as string[]) {
        await page().keyboard.press(key);
        const where = await describeFocus(page());
        seen.add(where);
        if (!(await focusInside(opened))) expect.fail(`${key} left the dialog: the focus is on ${where}`);
      }
      // Eight presses over fewer elements: Tab came round to the start again (it cycles).
      expect(seen.size).toBeLessThan(8);
      expect([...seen].some((where) => where.includes("Cancel"))).toBe(true);

      await page().keyboard.press("Escape");
      await opened.waitFor({ state: "hidden" });
      await expectFocused(opener, "after Escape");
    });

    it("Project Settings by keyboard: its sections are buttons, Escape returns to the settings button", async () => {
      await screens().openOverview();
      await fromTheTop(page());
      const opener = button(page(), "Project settings");
      await tabTo(opener, "the Project settings button");
      await page().keyboard.press("Space");
      const settings = screens().dialog("Project Settings");
      await expectVisible(settings);
      const languages = button(settings, "Languages");
      await tabTo(languages, "the Languages section", { max: 6 });
      await page().keyboard.press("Enter");
      await expectVisible(settings.getByRole("list", { name: "Project languages" }));
      expect(await languages.getAttribute("aria-current")).toBe("page");
      expect(await focusInside(settings)).toBe(true);
      await page().keyboard.press("Escape");
      await settings.waitFor({ state: "hidden" });
      await expectFocused(opener, "after Escape");
    });

    it("Edit Profile from the user menu by keyboard; Escape returns to the menu button", async () => {
      await screens().openOverview();
      await fromTheTop(page());
      const menuButton = button(page(), "User menu");
      await tabTo(menuButton, "the user menu");
      await page().keyboard.press("Enter");
      const item = page().getByRole("menuitem", { name: "Edit Profile" });
      await expectVisible(item);
      // Radix focuses the first item when the menu is opened from the keyboard.
      await expectFocused(item, "the first item of the opened menu");
      await page().keyboard.press("Enter");
      const profile = screens().dialog("Edit Profile");
      await expectVisible(profile);
      await expectFocused(profile.getByLabel("First name"), "the dialog's first field");
      await page().keyboard.press("Escape");
      await profile.waitFor({ state: "hidden" });
      await expectFocused(menuButton, "after Escape");
    });

    it("the language tabs: arrow keys move between them, Enter selects", async () => {
      await screens().openOverview();
      await fromTheTop(page());
      const tabs = page().getByRole("tablist", { name: "Languages" });
      const german = tabs.getByRole("tab", { name: /German/ });
      // Only the selected tab is in the Tab order (roving focus).
      await tabTo(german, "the selected language tab");
      await page().keyboard.press("ArrowRight");
      const french = tabs.getByRole("tab", { name: /French/ });
      await expectFocusRing(french, "ArrowRight from German");
      expect(await french.getAttribute("aria-selected")).toBe("false");
      await page().keyboard.press("Enter");
      await expectVisible(page().getByRole("columnheader", { name: "French" }));
      expect(await french.getAttribute("aria-selected")).toBe("true");
      await page().keyboard.press("ArrowLeft");
      await expectFocused(german, "ArrowLeft from French");
      await page().keyboard.press("Space");
      await expectVisible(page().getByRole("columnheader", { name: "German" }));
      expect(await german.getAttribute("aria-selected")).toBe("true");
    });

    it("the keys table: Tab enters it, arrow keys move between cells, Enter edits and saves, Escape cancels", async () => {
      await screens().openOverview();
      await fromTheTop(page());
      await tabTo(page().getByRole("checkbox", { name: "Select all keys" }), "the table's Select all");
      await page().keyboard.press("Tab");
      await expectFocusRing(page().getByRole("checkbox", { name: "Select checkout.pay" }), "the first row");
      await page().keyboard.press("Space");
      await expectVisible(page().getByRole("region", { name: "Selection" }).getByText("1 key selected"));
      await page().keyboard.press("Space");
      await page().getByRole("region", { name: "Selection" }).waitFor({ state: "detached" });

      await tabTo(overview().cell("checkout.pay", "source"), "the English cell of checkout.pay", { max: 6 });
      expect(await overview().cell("checkout.pay", "source").innerText()).toContain("Pay {amount}");
      await page().keyboard.press("ArrowRight");
      await expectFocusRing(overview().cell("checkout.pay", "selected"), "ArrowRight: the German cell");
      await page().keyboard.press("ArrowDown");
      await expectFocused(overview().cell("checkout.title", "selected"), "ArrowDown: the next key");
      // The group header row between checkout.* and home.* is skipped.
      await page().keyboard.press("ArrowDown");
      await expectFocused(overview().cell("home.subtitle", "selected"), "ArrowDown across the group header");
      await page().keyboard.press("ArrowUp");
      await expectFocused(overview().cell("checkout.title", "selected"), "ArrowUp");
      await page().keyboard.press("ArrowLeft");
      await expectFocused(overview().cell("checkout.title", "source"), "ArrowLeft: the English cell");
      await page().keyboard.press("ArrowRight");

      // Enter opens the editor with the focus in it; Enter saves and the focus comes back to the cell.
      await page().keyboard.press("Enter");
      const editor = overview().editor("German", "checkout.title");
      await expectFocused(editor, "the opened editor");
      await page().keyboard.press("End");
      await page().keyboard.type(" bitte");
      await page().keyboard.press("Enter");
      await expectVisible(toast(page(), "Translation updated"));
      await editor.waitFor({ state: "detached" });
      await expectFocusRing(overview().cell("checkout.title", "selected"), "after saving with Enter");
      expect(await overview().cell("checkout.title", "selected").innerText()).toContain("Kasse bitte");

      // Space opens it too; Escape discards the change and the focus comes back to the cell.
      await page().keyboard.press("Space");
      await expectFocused(editor, "the editor opened with Space");
      await page().keyboard.type(" nicht");
      await page().keyboard.press("Escape");
      await editor.waitFor({ state: "detached" });
      await expectFocused(overview().cell("checkout.title", "selected"), "after Escape");
      expect(await overview().cell("checkout.title", "selected").innerText()).not.toContain("nicht");

      // The row's actions are reachable with Tab from the cell.
      await page().keyboard.press("Tab");
      await expectFocused(button(page(), "Copy German of checkout.title"), "Tab after the cell");
    });

    it("Tab in an open editor saves and opens the next key's cell: a column of missing strings typed in a row", async () => {
      const { ownerApi, projectId } = session().world;
      // A group of its own, after home.*, with no German yet.
      const steps = ["wizard.step1", "wizard.step2", "wizard.step3"];
      for (const [at, name] of steps.entries()) {
        await buildKey(ownerApi, projectId, name, { source: `Step ${at + 1}` });
      }
      await screens().openOverview();
      await expectVisible(overview().cell("wizard.step3", "selected"));
      await fromTheTop(page());
      await tabTo(page().getByRole("checkbox", { name: "Select all keys" }), "the table's Select all");
      await tabTo(overview().cell("checkout.pay", "source"), "the English cell of checkout.pay", { max: 6 });
      // To the German column, then down past checkout.title, home.subtitle and home.title.
      await page().keyboard.press("ArrowRight");
      for (let presses = 0; presses < 4; presses++) await page().keyboard.press("ArrowDown");
      await expectFocused(overview().cell("wizard.step1", "selected"), "ArrowDown to wizard.step1");
      await page().keyboard.press("Enter");

      for (const [at, name] of steps.entries()) {
        await expectFocused(overview().editor("German", name), `the editor of ${name}`);
        await page().keyboard.type(`Schritt ${at + 1}`);
        await page().keyboard.press("Tab");
      }
      // The last key: saved, and the focus stays on its cell instead of going round to the top.
      await overview().editor("German", "wizard.step3").waitFor({ state: "detached" });
      await expectFocusRing(overview().cell("wizard.step3", "selected"), "after Tab on the last key");
      for (const [at, name] of steps.entries()) {
        await expectVisible(
          overview()
            .cell(name, "selected")
            .getByText(`Schritt ${at + 1}`, { exact: true }),
        );
      }
      const answer = await ownerApi.request<{ keys: KeyRow[] }>(
        "GET",
        `/api/projects/${projectId}/keys?languages=de&q=wizard`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.keys.map((row) => [row.key, row.strings.de?.value])).toEqual([
        ["wizard.step1", "Schritt 1"],
        ["wizard.step2", "Schritt 2"],
        ["wizard.step3", "Schritt 3"],
      ]);

      // Shift+Tab goes back up the column; Escape leaves the editor there without a change.
      await page().keyboard.press("Enter");
      await expectFocused(overview().editor("German", "wizard.step3"), "the editor opened again");
      await page().keyboard.press("Shift+Tab");
      await expectFocused(overview().editor("German", "wizard.step2"), "Shift+Tab: the previous key");
      await page().keyboard.press("Escape");
      await expectFocused(overview().cell("wizard.step2", "selected"), "after Escape");

      // "Enter: next key" mode (issue 34): Enter saves and goes down the column as Tab does,
      // remembered for the next editor and after a reload.
      await page().keyboard.press("Enter");
      const enterMode = page().getByRole("checkbox", { name: "Enter: next key" });
      await enterMode.check();
      await overview().editor("German", "wizard.step2").focus();
      await page().keyboard.press("Control+A");
      await page().keyboard.type("Zweiter Schritt");
      await page().keyboard.press("Enter");
      await expectFocused(
        overview().editor("German", "wizard.step3"),
        "Enter in next-key mode: the next key",
      );
      expect(await page().getByRole("checkbox", { name: "Enter: next key" }).isChecked()).toBe(true);
      await page().keyboard.press("Escape");
      await expectVisible(
        overview().cell("wizard.step2", "selected").getByText("Zweiter Schritt", { exact: true }),
      );
      await page().reload();
      await expectVisible(overview().cell("wizard.step2", "selected"));
      await overview().cell("wizard.step2", "selected").click();
      expect(await page().getByRole("checkbox", { name: "Enter: next key" }).isChecked()).toBe(true);
      // Turned off, Enter saves and stays.
      await page().getByRole("checkbox", { name: "Enter: next key" }).uncheck();
      await overview().editor("German", "wizard.step2").focus();
      await page().keyboard.press("Enter");
      await overview().editor("German", "wizard.step2").waitFor({ state: "detached" });
      expect(await overview().editor("German", "wizard.step3").count()).toBe(0);
    });
  });
});
