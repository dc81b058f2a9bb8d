import { randomBytes } from "node:crypto";
import type { Locator } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";
import { PSEUDO_NOTICE } from "../../src/shared/schemas/ai.ts";
import { appWorldForThisFile } from "../helpers/app-world.ts";
import { expectNoSeriousViolations } from "../helpers/axe.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { buildKey } from "../helpers/factories.ts";
import { button } from "./pages/common.ts";
import { heightOf, layoutProblems, screenshot } from "./pages/layout-checks.ts";
import { OverviewPage } from "./pages/overview-page.ts";
import { ReviewPage } from "./pages/reviews-page.ts";

/**
 * Issue 34, item 4: the Overview and a review on a phone (375 × 812). The keys start in the upper
 * half of the screen (the filters are one 'Filters (n)' button opening a sheet, the notices one line
 * each, the header compact); the page is the one scroll; a card's cell actions show without opening
 * its editor; a review shows the source text with the translation. The world: the app world's four
 * keys (German selected, no AI set up, so the pseudo notice shows) and 24 more in a group of their own.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const PHONE = { width: 375, height: 812 };
const EXTRA_KEYS = Array.from({ length: 24 }, (_, i) => `list.item${String(i + 1).padStart(2, "0")}`);
const LAST_KEY = EXTRA_KEYS.at(-1) ?? "";

describe(`the Overview and a review on a phone on ${testDatabaseLabel()}`, () => {
  const session = appWorldForThisFile({
    owner: { email: `phone-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" },
    reviewer: {
      email: `phone-reviewer-${stamp}-${suffix}@example.test`,
      firstName: "Rita",
      lastName: "Reviewer",
    },
    invited: `phone-invited-${stamp}-${suffix}@example.test`,
    teamName: `Phone ${suffix}`,
    projectName: "Storefront",
    reviewTitle: "Checkout copy",
  });
  const step = journey("phone overview", () => session().page);
  const overview = () => new OverviewPage(session().page, session().app.url);
  const keysShown = () =>
    overview()
      .table.locator("tr[data-key]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-key")));
  const filtersButton = () => session().page.getByRole("button", { name: /^Filters/ });
  const sheet = () => session().page.getByRole("dialog", { name: "Filters" });
  const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.POSITIVE_INFINITY;

  beforeAll(async () => {
    const { world } = session();
    for (const [i, key] of EXTRA_KEYS.entries()) {
      await buildKey(world.ownerApi, world.projectId, key, {
        source: `Item ${i + 1}`,
        strings: { de: `Eintrag ${i + 1}` },
      });
    }
  });

  step("the first key card starts in the upper half of the screen", async () => {
    const { page } = session();
    await page.setViewportSize(PHONE);
    await overview().goto();
    await expectVisible(overview().row("checkout.pay"));
    // The notices are still there, one line each.
    await expectVisible(page.getByText(PSEUDO_NOTICE));
    await expectVisible(filtersButton());
    const first = overview().table.locator("tr[data-key]").first();
    expect(await first.getAttribute("data-key")).toBe("checkout.pay");
    const file = await screenshot(page, "phone-overview-375");
    expect(await top(first), `the first card's top (see ${file})`).toBeLessThan(420);
    // The notice is one line until asked for all of it.
    const notice = page.getByRole("note").filter({ hasText: PSEUDO_NOTICE });
    const oneLine = await heightOf(notice);
    expect(oneLine).toBeLessThan(40);
    await button(notice, "Show all").click();
    await eventually(
      () => heightOf(notice),
      (height) => height > oneLine + 10,
      "the notice's height",
    );
    await button(notice, "Show less").click();
    await eventually(
      () => heightOf(notice),
      (height) => height === oneLine,
      "the notice's height",
    );
    // The filter chips live in the sheet, not on the page.
    expect(await page.getByRole("button", { name: /^Missing/ }).count()).toBe(0);
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoSeriousViolations(page, "phone-overview");

    // French misses 26: the batch bar keeps its button and its text to one line.
    await overview().languageTab("French").click();
    const bar = page.getByRole("region", { name: "French batch translation" });
    await expectVisible(button(bar, "Translate 26 missing"));
    expect(await heightOf(bar)).toBeLessThan(48);
    expect(await layoutProblems(page)).toEqual([]);
    await overview().languageTab("German").click();
    await expectVisible(page.getByRole("region", { name: "German batch translation" }));
  });

  step("a filter is applied in the sheet, counted on its button, and cleared", async () => {
    const { page } = session();
    expect((await filtersButton().textContent())?.trim()).toBe("Filters");
    await filtersButton().click();
    await expectVisible(sheet());
    // Every filter is in it: the toggles, the selects and the date.
    await expectVisible(sheet().getByRole("combobox", { name: "Approval" }));
    await expectVisible(sheet().getByRole("combobox", { name: "Quality checks" }));
    await expectVisible(sheet().getByLabel("Changed since"));
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoSeriousViolations(page, "phone-overview-filters");
    await sheet()
      .getByRole("button", { name: /^Placeholder problems \(1\)$/ })
      .click();
    await expectVisible(sheet().getByText("1 of 28 keys match in German"));
    await page.keyboard.press("Escape");
    await sheet().waitFor({ state: "detached" });
    await eventually(keysShown, (keys) => JSON.stringify(keys) === '["checkout.pay"]', "keys shown");
    await expectVisible(button(page, "Filters (1)"));
    expect(new URL(page.url()).searchParams.get("placeholders")).toBe("1");

    await button(page, "Filters (1)").click();
    await expectVisible(sheet());
    await sheet().getByRole("button", { name: "Clear filters" }).click();
    await page.keyboard.press("Escape");
    await sheet().waitFor({ state: "detached" });
    await eventually(keysShown, (keys) => keys.length > 1, "keys shown");
    expect((await filtersButton().textContent())?.trim()).toBe("Filters");
    expect(new URL(page.url()).search).toBe("");
  });

  step("the page is the one scroll: the list is not a box of its own", async () => {
    const { page } = session();
    await page.evaluate(() => window.scrollTo(0, 0));
    const list = page.getByTestId("keys-scroll");
    const box = await list.evaluate((element) => ({
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
      overflowY: getComputedStyle(element).overflowY,
    }));
    expect(box.scrollHeight - box.clientHeight, JSON.stringify(box)).toBeLessThanOrEqual(1);
    expect(["visible", "clip"]).toContain(box.overflowY);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    // Scrolling the window, as a thumb does, reaches the last card.
    await eventually(
      async () => {
        await page.mouse.wheel(0, 600);
        return overview().row(LAST_KEY).count();
      },
      (count) => count === 1,
      "the last card rendered",
    );
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectVisible(overview().row(LAST_KEY));
    const last = await overview().row(LAST_KEY).boundingBox();
    expect(last && last.y >= 0 && last.y + last.height <= PHONE.height + 1, JSON.stringify(last)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  step("a card shows its cells' actions without opening the editor, and they work", async () => {
    const { page } = session();
    const cell = "German of checkout.title";
    // Nothing touched or hovered: the actions are there on the card.
    await page.mouse.move(0, 0);
    await expectVisible(button(page, `Re-translate ${cell}`));
    await expectVisible(button(page, `History of ${cell}`));
    await expectVisible(button(page, `Comments on ${cell}`));
    await expectVisible(button(page, "History of English of checkout.title"));
    expect(await page.getByRole("textbox", { name: cell }).count()).toBe(0);

    await button(page, `History of ${cell}`).click();
    const history = page.getByRole("dialog", { name: "History" });
    await expectVisible(history);
    await expectVisible(history.getByText("Kasse"));
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "detached" });

    await button(page, `Comments on ${cell}`).click();
    const thread = page.getByRole("dialog", { name: `Comments on ${cell}` });
    await expectVisible(thread.getByText("No comments yet."));
    await page.keyboard.press("Escape");
    await thread.waitFor({ state: "detached" });
    expect(await page.getByRole("textbox", { name: cell }).count()).toBe(0);
    expect(await layoutProblems(page)).toEqual([]);
  });

  step("a review shows the source text with the translation", async () => {
    const { page, app, world } = session();
    await page.goto(`${app.url}/app/review/${world.reviewId}`);
    const review = new ReviewPage(page);
    await expectVisible(review.heading("Checkout copy"));
    const row = review.row("checkout.pay");
    await expectVisible(row.getByText("Jetzt zahlen"));
    const source = row.getByText("Pay {amount}");
    await expectVisible(source);
    // Above the translation, on screen at once.
    expect(await top(source)).toBeLessThan(await top(row.getByText("Jetzt zahlen")));
    await review.languagePicker.selectOption({ label: "French" });
    await expectVisible(row.getByText("Payer {amount}"));
    await expectVisible(row.getByText("Pay {amount}"));
    const file = await screenshot(page, "phone-review-375");
    expect(await layoutProblems(page), `see ${file}`).toEqual([]);
  });
});
