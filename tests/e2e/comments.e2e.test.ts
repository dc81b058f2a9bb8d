import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { call } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { expectVisible, journey, reportProblems } from "../helpers/e2e.ts";
import { addToTeam, buildKey, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { button } from "./pages/common.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Comments in Chromium against the real server and a real SMTP server (issue 21): the owner comments
 * on a German cell mentioning the reviewer with @, the reviewer gets the e-mail, sees the cell's
 * open-comment count arrive live on a phone (375 px, another browser context), replies, and resolves
 * the thread; the owner's review of the key lists the open comment and empties live when resolved.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `comments-${name}-${stamp}-${suffix}@example.test`;
const KEY = "checkout.title";
const CELL = `German of ${KEY}`;

describe(`comments on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let current: Page | undefined;
  let ownerPage: Page;
  let reviewerPage: Page;
  let reviewId: string;

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    reviewerContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const owner = await buildUser(app, { email: address("owner"), firstName: "Olga", lastName: "Owner" });
    const ownerApi = await signInAs(owner, { context: ownerContext });
    const teamId = (await buildTeam(ownerApi, { name: `Talk ${suffix}` })).id;
    const project = await buildProject(ownerApi, teamId, { name: "Shop", languages: ["de"] });
    const keyId = await buildKey(ownerApi, project.id, KEY, { source: "Checkout", strings: { de: "Kasse" } });
    const review = await call(ownerApi, contract.reviews.create, {
      params: { projectId: project.id },
      body: { title: "Checkout copy", keyIds: [keyId] },
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
    await mail?.close();
  });

  const step = journey("comments", () => current);

  step("1. the reviewer opens the Overview on a phone: no comments yet", async () => {
    reviewerPage = await reviewerContext.newPage();
    reportProblems(reviewerPage);
    current = reviewerPage;
    await reviewerPage.goto(`${app.url}/app/overview`);
    await expectVisible(reviewerPage.getByText("Kasse"));
    expect(await reviewerPage.getByRole("button", { name: /^Comments on .*open\)$/ }).count()).toBe(0);
  });

  step("2. the owner comments on the German cell, mentioning the reviewer with @", async () => {
    ownerPage = await ownerContext.newPage();
    reportProblems(ownerPage);
    current = ownerPage;
    const overview = new OverviewPage(ownerPage, app.url);
    await overview.goto();
    await expectVisible(overview.row(KEY));
    await overview.hoverRow(KEY);
    await button(ownerPage, `Comments on ${CELL}`).click();
    const thread = ownerPage.getByRole("dialog", { name: `Comments on ${CELL}` });
    await expectVisible(thread.getByText("No comments yet."));
    const field = thread.getByRole("textbox", { name: "Write a comment" });
    await field.pressSequentially("@Ri");
    await expectVisible(thread.getByRole("option", { name: /Rita Reviewer/ }));
    await field.press("Enter");
    await field.pressSequentially("is “Kasse” right for the page title?");
    await field.press("Control+Enter");
    await expectVisible(thread.getByText("@Rita Reviewer is “Kasse” right for the page title?"));
    await expectVisible(thread.getByRole("heading", { name: "Comments · 1 open" }));
    await ownerPage.keyboard.press("Escape");
    await expectVisible(button(ownerPage, `Comments on ${CELL} (1 open)`));
  });

  step("3. the reviewer gets the e-mail with the comment and a link to the cell", async () => {
    const received = await mail.waitForMail(address("reviewer"));
    expect(received.subject).toBe(`Olga Owner mentioned you on ${KEY} (German)`);
    expect(received.text).toContain("is “Kasse” right for the page title?");
    expect(received.text).toContain(`${app.url}/app/overview?`);
    expect(mail.mailsTo(address("owner")).filter((m) => m.subject.includes("mentioned"))).toEqual([]);
  });

  step("4. the owner's review of the key lists the open comment", async () => {
    current = ownerPage;
    await ownerPage.goto(`${app.url}/app/review/${reviewId}`);
    const section = ownerPage.getByRole("region", { name: /Comments/ });
    await expectVisible(section.getByText("is “Kasse” right for the page title?", { exact: false }));
    await expectVisible(section.getByText("1 open"));
    await expectVisible(section.getByText("German"));
  });

  step("5. the reviewer sees the count arrive live, replies and resolves the thread", async () => {
    current = reviewerPage;
    const bubble = button(reviewerPage, `Comments on ${CELL} (1 open)`);
    await expectVisible(bubble);
    await bubble.click();
    const thread = reviewerPage.getByRole("dialog", { name: `Comments on ${CELL}` });
    await expectVisible(thread.getByText("Olga Owner"));
    const box = await thread.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const field = thread.getByRole("textbox", { name: "Write a comment" });
    await field.fill("Yes: it is the usual word for checkout.");
    await button(thread, "Comment").click();
    await expectVisible(thread.getByText("Yes: it is the usual word for checkout."));
    await expectVisible(thread.getByRole("heading", { name: "Comments · 2 open" }));
    await button(thread, "Resolve").click();
    await expectVisible(button(thread, "Reopen"));
    await expectVisible(thread.getByText("Resolved by Rita Reviewer").first());
    await reviewerPage.keyboard.press("Escape");
  });

  step("6. the owner's review empties its list and the cell's count live", async () => {
    current = ownerPage;
    const section = ownerPage.getByRole("region", { name: /Comments/ });
    await expectVisible(section.getByText("No open comments on this review's keys."));
    await ownerPage.mouse.move(0, 0);
    expect(await ownerPage.getByRole("button", { name: /^Comments on .*open\)$/ }).count()).toBe(0);
  });
});
