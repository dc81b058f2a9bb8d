import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { call } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey, reportProblems } from "../helpers/e2e.ts";
import { addToTeam, buildKey, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { pngBytes } from "../helpers/images.ts";
import { button } from "./pages/common.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Screenshots of keys in Chromium against the real server (issue 21): the owner uploads a PNG on a
 * key in the Overview and sees it (served by the API with the session cookie), links it to a second
 * key with a rectangle dragged on the image, and a reviewer on a phone (375 px) sees both keys'
 * screenshots, the rectangle outlined, and no upload, in the Overview and in a review.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `shots-${name}-${stamp}-${suffix}@example.test`;

/** Whether the image really loaded (its bytes came back and decoded), not only that the tag is there. */
const loaded = (page: Page, name: string) =>
  page
    .getByRole("img", { name })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
    .catch(() => false);

describe(`screenshots on ${testDatabaseLabel()}`, () => {
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let current: Page | undefined;
  let reviewId = "";

  beforeAll(async () => {
    app = await startAppServer({});
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    reviewerContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const owner = await buildUser(app, { email: address("owner"), firstName: "Olga", lastName: "Owner" });
    const ownerApi = await signInAs(owner, { context: ownerContext });
    const teamId = (await buildTeam(ownerApi, { name: `Shots ${suffix}` })).id;
    const project = await buildProject(ownerApi, teamId, { name: "Website", languages: ["de"] });
    await buildKey(ownerApi, project.id, "home.title", { source: "Welcome home" });
    const subtitle = await buildKey(ownerApi, project.id, "home.subtitle", { source: "Glad you are here" });
    const review = await call(ownerApi, contract.reviews.create, {
      params: { projectId: project.id },
      body: { title: "Home copy", keyIds: [subtitle] },
    });
    reviewId = review.body.id;
    const reviewer = await buildUser(app, {
      email: address("reviewer"),
      firstName: "Rita",
      lastName: "Reviewer",
    });
    await addToTeam(reviewer, teamId, "reviewer");
    await signInAs(reviewer, { context: reviewerContext });
  });

  afterAll(async () => {
    for (const context of [reviewerContext, ownerContext]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  const step = journey("screenshots", () => current);
  let owner: OverviewPage;

  step("1. the owner uploads a PNG on a key in the Overview and sees it", async () => {
    const page = await ownerContext.newPage();
    reportProblems(page);
    current = page;
    owner = new OverviewPage(page, app.url);
    await owner.goto();
    await expectVisible(owner.row("home.title"));
    await owner.hoverRow("home.title");
    await button(page, "Add a screenshot of home.title").click();
    const dialog = page.getByRole("dialog", { name: "Screenshots of home.title" });
    await expectVisible(dialog);
    await dialog.getByLabel("Screenshot file").setInputFiles({
      name: "home.png",
      mimeType: "image/png",
      buffer: pngBytes(240, 120, { rgb: [40, 90, 200] }),
    });
    await expectVisible(dialog.getByRole("img", { name: "home.png, screenshot of home.title" }));
    await eventually(() => loaded(page, "home.png, screenshot of home.title"), Boolean, "the image loaded");
  });

  step("2. links it to a second key with a rectangle dragged on the image", async () => {
    const page = current as Page;
    const dialog = page.getByRole("dialog", { name: "Screenshots of home.title" });
    await dialog.getByRole("button", { name: "Link to other keys" }).click();
    await dialog.getByRole("searchbox", { name: "Search keys to link" }).fill("subtitle");
    await dialog.getByRole("button", { name: "home.subtitle", exact: true }).click();
    const picker = dialog.getByTestId("rect-picker");
    await expectVisible(picker);
    const box = await picker.boundingBox();
    if (!box) throw new Error("the image to draw on has no box");
    // From a quarter to three quarters of the image, both ways: 120 × 60 of its 240 × 120 pixels.
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 4 });
    await page.mouse.up();
    await expectVisible(dialog.getByText(/Rectangle: 12\d × 6\d pixels at 6\d, 3\d/));
    await dialog.getByRole("button", { name: "Add home.subtitle" }).click();
    await dialog.getByRole("button", { name: "Save links" }).click();
    await expectVisible(dialog.getByText(/also on 1 other key/));
    await page.keyboard.press("Escape");
    await expectVisible(button(page, "1 screenshot of home.subtitle"));
    // The row's own actions appear under the pointer and move the camera: hover the row first.
    await owner.hoverRow("home.subtitle");
    await button(page, "1 screenshot of home.subtitle").click();
    const second = page.getByRole("dialog", { name: "Screenshots of home.subtitle" });
    await expectVisible(second.getByRole("img", { name: "home.png, screenshot of home.subtitle" }));
    await expectVisible(second.getByTestId("screenshot-rect"));
    const rect = await second.getByTestId("screenshot-rect").getAttribute("style");
    expect(rect).toMatch(/left: 2[45](\.\d+)?%/);
  });

  step("3. a reviewer on a phone sees the screenshots with the rectangle, and no upload", async () => {
    const page = await reviewerContext.newPage();
    reportProblems(page);
    current = page;
    await page.goto(`${app.url}/app/overview`);
    const camera = button(page, "1 screenshot of home.subtitle");
    await expectVisible(camera);
    await camera.click();
    const dialog = page.getByRole("dialog", { name: "Screenshots of home.subtitle" });
    await expectVisible(dialog.getByRole("img", { name: "home.png, screenshot of home.subtitle" }));
    await eventually(
      () => loaded(page, "home.png, screenshot of home.subtitle"),
      Boolean,
      "the image loaded",
    );
    await expectVisible(dialog.getByTestId("screenshot-rect"));
    expect(await dialog.getByRole("button", { name: "Upload screenshot" }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Link to other keys" }).count()).toBe(0);
    // The dialog fits the phone's width: nothing scrolls sideways.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  step("4. the reviewer sees the same screenshot beside the key in a review", async () => {
    const page = current as Page;
    await page.keyboard.press("Escape");
    await page.goto(`${app.url}/app/review/${reviewId}`);
    const camera = button(page, "1 screenshot of home.subtitle");
    await expectVisible(camera);
    await camera.click();
    const dialog = page.getByRole("dialog", { name: "Screenshots of home.subtitle" });
    await expectVisible(dialog.getByRole("img", { name: "home.png, screenshot of home.subtitle" }));
    expect(await dialog.getByRole("button", { name: /Delete/ }).count()).toBe(0);
  });
});
