import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible, journeyOfPages } from "../helpers/e2e.ts";
import { addToTeam, buildKey, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { button, toast } from "./pages/common.ts";
import { OverviewPage } from "./pages/overview-page.ts";
import { ReviewPage, ReviewsPage } from "./pages/reviews-page.ts";

/**
 * A review passed between the three roles of a team, each in their own browser context (issue 6):
 * the reviewer selects two keys of the team's project in the Overview and puts them in a new review
 * (Review → Add to Review), the admin opens it from the Reviews tab and marks its languages done one
 * by one until it completes, the reviewer sees it completed (live) and re-opens it, and the owner
 * sees it pending with no language done. The team and its people are made by the factories; how
 * they got there is team.e2e.test.ts.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `review-${name}-${stamp}-${suffix}@example.test`;
/** The team's project: two languages, three keys. */
const projectName = "Catalog";
const reviewTitle = `Cart copy ${suffix}`;
const catalogStrings: Record<string, { en: string; de: string }> = {
  "cart.empty": { en: "Your cart is empty", de: "Dein Warenkorb ist leer" },
  "cart.checkout": { en: "Check out", de: "Zur Kasse" },
  "cart.total": { en: "Total", de: "Summe" },
};
const LANGUAGES = ["English", "German"];

describe(`a review across the team's roles on ${testDatabaseLabel()}`, () => {
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let bobReviewPage: Page | undefined;
  let aliceReviewPage: Page | undefined;

  beforeAll(async () => {
    // No mail server: nobody signs in by code or is invited here.
    app = await startAppServer({});
    browser = await launchBrowser();
    const options = { viewport: { width: 1400, height: 900 } };
    ownerContext = await browser.newContext(options);
    aliceContext = await browser.newContext(options);
    bobContext = await browser.newContext(options);

    const owner = await buildUser(app, { email: address("owner"), firstName: "Olga", lastName: "Owner" });
    const ownerApi = await signInAs(owner, { context: ownerContext });
    const teamId = (await buildTeam(ownerApi, { name: `Atlas ${suffix}` })).id;
    const catalog = await buildProject(ownerApi, teamId, { name: projectName, languages: ["de"] });
    for (const [key, { en, de }] of Object.entries(catalogStrings)) {
      await buildKey(ownerApi, catalog.id, key, { source: en, strings: { de } });
    }
    const alice = await buildUser(app, { email: address("alice"), firstName: "Alice", lastName: "Admin" });
    await addToTeam(alice, teamId, "admin");
    await signInAs(alice, { context: aliceContext });
    const bob = await buildUser(app, { email: address("bob"), firstName: "Bob", lastName: "Reviewer" });
    await addToTeam(bob, teamId, "reviewer");
    await signInAs(bob, { context: bobContext });
  });

  afterAll(async () => {
    for (const context of [bobContext, aliceContext, ownerContext]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  const { step, open, use } = journeyOfPages("team-review");
  const pressed = (review: ReviewPage) => review.donePressed(LANGUAGES);

  step("1. Bob, a reviewer, selects two keys in the Overview and puts them in a new review", async () => {
    const page = await open(bobContext);
    bobReviewPage = page;
    const overview = new OverviewPage(page, app.url);
    await overview.goto();
    await overview.expectFirstProject(projectName);
    await expectVisible(overview.row("cart.empty"));
    await overview.selectBox("cart.empty").click();
    await overview.selectBox("cart.total").click();
    await expectVisible(overview.selection.getByText("2 keys selected"));
    await button(overview.selection, "Review").click();

    const dialog = page.getByRole("dialog", { name: "Add to Review" });
    await expectVisible(dialog);
    expect(await dialog.getByRole("radio", { name: /New review/ }).isChecked()).toBe(true);
    await dialog.getByLabel("Title").fill(reviewTitle);
    await dialog.getByRole("button", { name: "Create Review", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await expectVisible(toast(page, `Review “${reviewTitle}” created with 2 keys`));
    // The new review opens at once (issue 19).
    await expectPath(page, /^\/app\/review\/[0-9a-f-]{36}$/);
    const opened = new ReviewPage(page);
    await expectVisible(opened.heading(reviewTitle));
    await expectVisible(opened.row("cart.empty"));

    const reviews = new ReviewsPage(page, app.url);
    await reviews.openFromNav();
    await expectVisible(reviews.link("To do", reviewTitle));
    await expectVisible(reviews.listed("To do", reviewTitle).getByText("2 keys"));
    await expectVisible(reviews.section("Completed").getByText("No completed reviews yet."));
  });

  step(
    "2. Alice, an admin, opens it from the Reviews tab and marks the languages done until it completes",
    async () => {
      const page = await open(aliceContext);
      aliceReviewPage = page;
      const reviews = new ReviewsPage(page, app.url);
      await new OverviewPage(page, app.url).goto();
      await reviews.openFromNav();
      await new OverviewPage(page, app.url).expectFirstProject(projectName);
      const review = await reviews.open("To do", reviewTitle);
      await expectVisible(review.details.getByText("Bob Reviewer"));
      await expectVisible(review.status("To do"));
      await expectVisible(review.row("cart.empty").getByText("Dein Warenkorb ist leer"));
      await expectVisible(review.row("cart.total"));
      expect(await review.row("cart.checkout").count()).toBe(0);
      expect(await pressed(review)).toEqual(["false", "false"]);

      await review.doneToggle("English").click();
      await expectVisible(toast(page, "Language marked as complete"));
      await eventually(
        () => pressed(review),
        (states) => states.join() === "true,false",
        "English done",
      );
      expect(await toast(page, "All languages completed!").count()).toBe(0);
      await review.doneToggle("German").click();
      await expectVisible(toast(page, "All languages completed! Task marked as done."));
      await expectVisible(review.reopenButton);
      await expectVisible(review.status("Completed"));
      expect(await pressed(review)).toEqual(["true", "true"]);

      await page.getByRole("link", { name: "All reviews" }).click();
      await expectPath(page, /^\/app\/reviews$/);
      await expectVisible(reviews.link("Completed", reviewTitle));
      await expectVisible(reviews.section("To do").getByText("Nothing to do."));
    },
  );

  step("3. Bob sees it completed without reloading and re-opens it: every language unmarked", async () => {
    const page = use(bobReviewPage);
    const reviews = new ReviewsPage(page, app.url);
    // Bob's Reviews list has stayed open since step 1: the change arrives live.
    await expectVisible(reviews.link("Completed", reviewTitle));
    await expectVisible(reviews.section("To do").getByText("Nothing to do."));
    const review = await reviews.open("Completed", reviewTitle);
    await expectVisible(review.status("Completed"));
    expect(await pressed(review)).toEqual(["true", "true"]);
    await review.reopenButton.click();
    await expectVisible(toast(page, "All languages unmarked"));
    await expectVisible(review.markAllDoneButton);
    await expectVisible(review.status("To do"));
    expect(await pressed(review)).toEqual(["false", "false"]);

    // Alice's list, still open, follows.
    const alicesPage = use(aliceReviewPage);
    await expectVisible(new ReviewsPage(alicesPage, app.url).link("To do", reviewTitle));
  });

  step("4. the owner sees the review pending again, with no language done", async () => {
    const page = await open(ownerContext);
    const reviews = new ReviewsPage(page, app.url);
    await reviews.goto();
    await new OverviewPage(page, app.url).expectFirstProject(projectName);
    await expectVisible(reviews.link("To do", reviewTitle));
    await expectVisible(reviews.section("Completed").getByText("No completed reviews yet."));
    const review = await reviews.open("To do", reviewTitle);
    await expectVisible(review.status("To do"));
    await expectVisible(review.markAllDoneButton);
    expect(await review.reopenButton.count()).toBe(0);
    expect(await pressed(review)).toEqual(["false", "false"]);
    await page.close();
  });
});
