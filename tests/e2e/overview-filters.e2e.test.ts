import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect } from "vitest";
import { PSEUDO_NOTICE } from "../../src/shared/schemas/ai.ts";
import { appWorldForThisFile } from "../helpers/app-world.ts";
import { expectNoSeriousViolations } from "../helpers/axe.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { toast } from "./pages/common.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Issue 19 in Chromium: the Overview's filters (counted, combinable, in the address so a link shares
 * the view), a batch on the filtered keys, and pseudo-localization marked in every cell and never
 * shown as complete. The world: German misses {amount} in checkout.pay; French has no home.* texts.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);

describe(`the Overview's filters on ${testDatabaseLabel()}`, () => {
  const session = appWorldForThisFile({
    owner: { email: `filters-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" },
    reviewer: {
      email: `filters-reviewer-${stamp}-${suffix}@example.test`,
      firstName: "Rita",
      lastName: "Reviewer",
    },
    invited: `filters-invited-${stamp}-${suffix}@example.test`,
    teamName: `Filters ${suffix}`,
    projectName: "Storefront",
    reviewTitle: "Checkout copy",
  });
  const step = journey("overview filters", () => session().page);
  const overview = () => new OverviewPage(session().page, session().app.url);
  const keysShown = () =>
    overview()
      .table.locator("tr[data-key]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-key")));
  const filter = (name: RegExp) => session().page.getByRole("button", { name });

  step("a link with filters opens on their language with them on", async () => {
    const { page, app } = session();
    await page.goto(`${app.url}/app/overview?lang=fr&missing=1`);
    await expectVisible(overview().row("home.title"));
    expect(await overview().languageTab("French").getAttribute("aria-selected")).toBe("true");
    await eventually(
      keysShown,
      (keys) => JSON.stringify(keys) === '["home.subtitle","home.title"]',
      "keys shown",
    );
    expect(await filter(/^Missing \(2\)$/).getAttribute("aria-pressed")).toBe("true");
    await expectVisible(page.getByText("2 of 4 keys match in French"));
  });

  step("the placeholder filter finds the German text that lost {amount}", async () => {
    const { page } = session();
    await overview().languageTab("German").click();
    await eventually(
      () => Promise.resolve(new URL(page.url()).searchParams.get("lang")),
      (lang) => lang === "de",
      "the address's language",
    );
    // German misses nothing: the missing filter now keeps no key.
    await expectVisible(page.getByText("No keys match these filters"));
    await filter(/^Missing/).click();
    await filter(/^Placeholder problems \(1\)$/).click();
    await eventually(keysShown, (keys) => JSON.stringify(keys) === '["checkout.pay"]', "keys shown");
    expect(new URL(page.url()).searchParams.get("placeholders")).toBe("1");
    await expectNoSeriousViolations(page, "overview-filters");
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await eventually(keysShown, (keys) => keys.length === 4, "keys shown");
    expect(new URL(page.url()).search).toBe("");
  });

  step("the batch bar works on the filtered keys, and pseudo output is marked, never complete", async () => {
    const { page } = session();
    // Owners are told how AI translation is set up.
    await expectVisible(page.getByText(PSEUDO_NOTICE));
    await overview().languageTab("French").click();
    await filter(/^Missing/).click();
    await page
      .getByRole("combobox", { name: "Tag" })
      .waitFor({ state: "detached" })
      .catch(() => {});
    await expectVisible(page.getByText("2 keys are missing in French among the filtered keys"));
    await page.getByRole("button", { name: "Translate 2 missing" }).click();
    // Spec point 4's states in order, even for a job quicker than a glance: its 'x of y' shows.
    await expectVisible(page.getByText(/^Translating [0-2] of 2$/));
    // The notice says what the bar says: pseudo-localized, not translated (issue 34).
    await expectVisible(
      toast(
        page,
        "French pseudo-localization complete: 2 pseudo-localized, not translated (no AI service is set up)",
      ),
      30_000,
    );
    // Once the batch ends the list is read again: nothing is missing in French any more.
    await expectVisible(page.getByText("No keys match these filters"), 30_000);
    await expectVisible(overview().languageTab("French").getByText("2 pseudo"));
    expect(await overview().languageTab("French").textContent()).not.toContain("Complete");
    // Unverified AI keeps them, each French cell marked.
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expectVisible(page.getByText("2 pseudo-localized, not translated"));
    await filter(/^Unverified AI \(2\)$/).click();
    await eventually(
      keysShown,
      (keys) => JSON.stringify(keys) === '["home.subtitle","home.title"]',
      "keys shown",
    );
    await expectVisible(overview().row("home.title").locator('[data-machine="pseudo"]'));
    await expectVisible(overview().row("home.subtitle").locator('[data-machine="pseudo"]'));
  });

  step("saving a pseudo text unchanged marks it checked", async () => {
    const { page } = session();
    const editor = await overview().openCell("home.title", "selected", "French");
    await editor.press("Control+Enter");
    await eventually(
      () => overview().row("home.title").locator('[data-machine="pseudo"]').count(),
      (count) => count === 0,
      "the pseudo badge",
    );
    await expectVisible(overview().languageTab("French").getByText("1 pseudo"));
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expectVisible(page.getByText("1 pseudo-localized, not translated"));
  });

  step("an export leaves pseudo-localized text out unless it is asked for (issue 34)", async () => {
    const { page } = session();
    const frenchOf = async (tickPseudo: boolean) => {
      await page.getByRole("button", { name: "Export", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Export translations" });
      await expectVisible(dialog);
      await dialog.getByLabel("Format", { exact: true }).selectOption("json");
      if (tickPseudo) await dialog.getByRole("checkbox", { name: /Pseudo-localized text/ }).click();
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: 60_000 }),
        dialog.getByRole("button", { name: "Export", exact: true }).click(),
      ]);
      const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
      await dialog.waitFor({ state: "hidden" });
      return JSON.parse(strFromU8(zip["fr.json"] ?? new Uint8Array())) as Record<string, string>;
    };
    // home.title was checked by a person in the step before; home.subtitle is still pseudo text.
    const shipped = await frenchOf(false);
    expect(Object.keys(shipped)).toContain("home.title");
    expect(Object.keys(shipped)).not.toContain("home.subtitle");
    const forLayouts = await frenchOf(true);
    expect(forLayouts["home.subtitle"]).toMatch(/^\[.+ ~+\]$/);
  });

  step(
    "several language columns: picked, remembered, the key column kept in view, arrows across",
    async () => {
      const { page, app } = session();
      await page.setViewportSize({ width: 1000, height: 900 });
      await page.goto(`${app.url}/app/overview`);
      await overview().languageTab("German").click();
      await page.getByRole("button", { name: /^Language columns/ }).click();
      await page.getByRole("menuitemcheckbox", { name: "French" }).click();
      await page.keyboard.press("Escape");
      const headers = () => overview().table.locator("thead th").allInnerTexts();
      await eventually(headers, (texts) => texts.join("|").endsWith("English|German|French"), "the headers");
      await expectVisible(overview().row("home.subtitle").locator('[data-machine="pseudo"]'));
      // Remembered per project: a reload shows the same columns.
      await page.reload();
      await eventually(headers, (texts) => texts.join("|").endsWith("English|German|French"), "the headers");
      // Scrolled sideways, the key's cell stays where it was.
      const keyCell = overview().row("checkout.title").locator("td").first();
      const before = await keyCell.boundingBox();
      await page.getByTestId("keys-scroll").evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      await eventually(
        () => page.getByTestId("keys-scroll").evaluate((element) => element.scrollLeft),
        (left) => left > 0,
        "the sideways scroll",
      );
      // (It sticks to the scroller's edge, a row's padding from where it started.)
      expect(Math.abs(((await keyCell.boundingBox())?.x ?? 0) - (before?.x ?? 0))).toBeLessThanOrEqual(6);
      // Arrow keys move from the German cell to the French one.
      await overview().row("checkout.title").locator("td").nth(2).locator("[data-cell-trigger]").focus();
      await page.keyboard.press("ArrowRight");
      expect(
        await page.evaluate(() => document.activeElement?.closest("td")?.getAttribute("data-cell")),
      ).toContain("fr");
      await expectNoSeriousViolations(page, "overview-columns");
    },
  );

  step("the history marks pseudo-localization as what it is", async () => {
    const { page } = session();
    await overview().row("home.subtitle").hover();
    await page.getByRole("button", { name: "History of French of home.subtitle" }).click();
    const history = page.getByRole("dialog", { name: "History" });
    await expectVisible(history.getByText(/^Pseudo-localization \(not a translation\) by /));
    await expectVisible(history.locator('[data-machine="pseudo"]'));
    await page.keyboard.press("Escape");
  });
});
