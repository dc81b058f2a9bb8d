import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { expectNoSeriousViolations } from "../helpers/axe.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, type E2ePerson, joinTeam, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { layoutProblems } from "./pages/layout-checks.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * The Activity tab in Chromium against the real server (issue 22): the owner edits two strings in
 * the Overview and adds a key, and finds them on /app/activity with links to the keys; a reviewer
 * in a second browser sees the owner's next edit arrive live (no refetch); the owner filters by kind
 * (kept in the address); at 375 px the feed fits the screen and axe finds nothing serious.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner: E2ePerson = {
  email: `activity-owner-${stamp}-${suffix}@example.test`,
  firstName: "Ada",
  lastName: "Owner",
};
const reviewer: E2ePerson = {
  email: `activity-reviewer-${stamp}-${suffix}@example.test`,
  firstName: "Rita",
  lastName: "Reviewer",
};

describe(`activity on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let ownerPage: Page | undefined;
  let page: Page | undefined;
  let teamId = "";
  let projectId = "";
  const keyIds: Record<string, string> = {};

  const signUp = (context: BrowserContext, person: E2ePerson) => signUpInContext(context, app, mail, person);
  const addKey = async (key: string, sourceValue: string) => {
    const created = await ownerContext.request.post(`${app.url}/api/projects/${projectId}/keys`, {
      data: { key, sourceValue },
    });
    expect(created.status()).toBe(201);
    keyIds[key] = ((await created.json()) as { id: string }).id;
  };
  /** The entries on screen, as their text. */
  const entries = (on: Page) => on.locator("section[aria-label] > ul > li").allTextContents();

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    reviewerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });

    await signUp(ownerContext, owner);
    teamId = await createTeamInContext(ownerContext, app, `Activity ${suffix}`);
    const project = await ownerContext.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: "Website" },
    });
    expect(project.status()).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    const languages = await ownerContext.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de"] },
    });
    expect(languages.status()).toBe(200);
    await addKey("home.title", "Welcome");
    await addKey("home.subtitle", "Translate faster");

    await signUp(reviewerContext, reviewer);
    await joinTeam(app, teamId, reviewer.email, "reviewer");
  });

  afterAll(async () => {
    await reviewerContext?.close().catch(() => {});
    await ownerContext?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("activity", () => page);

  step("1. the owner edits two strings in the Overview and adds a key", async () => {
    ownerPage = await ownerContext.newPage();
    page = ownerPage;
    const overview = new OverviewPage(page, app.url);
    await overview.goto();
    await expectVisible(overview.row("home.title"));
    await page.getByRole("tab", { name: /German/ }).click();
    await overview.editCell("home.title", "selected", "German", "Willkommen");
    await overview.editCell("home.subtitle", "selected", "German", "Schneller übersetzen");
    await addKey("checkout.pay", "Pay now");
  });

  step("2. the Activity tab lists them newest first with links to the keys", async () => {
    if (!page) throw new Error("no page");
    await page.getByRole("navigation", { name: "Sidebar" }).getByRole("link", { name: "Activity" }).click();
    await expectPath(page, /\/app\/activity$/);
    const today = page.getByRole("region", { name: "Today" });
    await expectVisible(today);
    const shown = await eventually(
      () => entries(page as Page),
      (texts) => texts.some((text) => text.includes("checkout.pay")),
      "the new key in the feed",
    );
    expect(shown[0]).toContain("Ada Owner added a key");
    // The two saves of one minute are one entry (two when a minute ended between them).
    const edits = shown.filter((text) => text.includes("Ada Owner edited"));
    expect(edits.join(" ")).toMatch(/edited (2 strings|1 string) in German/);
    expect(edits.join(" ")).toContain("home.title");

    await today.getByRole("link", { name: "home.subtitle" }).first().click();
    await expectPath(page, /\/app\/overview/);
    await expectVisible(new OverviewPage(page, app.url).row("home.subtitle"));
    expect(await new OverviewPage(page, app.url).row("home.title").count()).toBe(0);
  });

  step("3. a reviewer sees the owner's next edit arrive live", async () => {
    page = await reviewerContext.newPage();
    let feedRequests = 0;
    page.on("request", (request) => {
      if (request.url().includes(`/api/teams/${teamId}/activity`)) feedRequests += 1;
    });
    // The live stream answers once it is open: an edit made before that would never be sent to
    // this page (the feed was read before it), so the owner edits after it.
    const streamOpen = page.waitForResponse(
      (response) => /\/api\/projects\/[^/]+\/events$/.test(new URL(response.url()).pathname) && response.ok(),
    );
    await page.goto(`${app.url}/app/activity`);
    await expectVisible(page.getByRole("region", { name: "Today" }));
    await streamOpen;
    const before = await entries(page);
    expect(before.join(" ")).toContain("Ada Owner edited");
    // Reviewers see string work only: no "Show" choice of the whole team.
    expect(await page.getByLabel("Show").count()).toBe(0);
    const requestsBefore = feedRequests;

    const saved = await ownerContext.request.put(`${app.url}/api/keys/${keyIds["checkout.pay"]}/strings/de`, {
      data: { value: "Jetzt bezahlen" },
    });
    expect(saved.status()).toBe(200);
    // The same minute grows the owner's entry; a new minute adds one at the top.
    const after = await eventually(
      () => entries(page as Page),
      (texts) =>
        texts.some((text) => text.includes("edited 3 strings in German")) ||
        (texts[0]?.includes("edited 1 string in German") === true && texts[0].includes("checkout.pay")),
      "the owner's new edit in the reviewer's feed",
    );
    expect(after.join(" ")).toContain("checkout.pay");
    expect(feedRequests).toBe(requestsBefore);
  });

  step("4. the owner filters by kind, and the filter is in the address", async () => {
    page = ownerPage;
    if (!page) throw new Error("no page");
    await page.goto(`${app.url}/app/activity`);
    await expectVisible(page.getByRole("region", { name: "Today" }));
    await page.getByLabel("Kind").selectOption({ label: "Added a key" });
    await expectPath(page, /kind=key\.created/);
    const added = await eventually(
      () => entries(page as Page),
      (texts) => texts.length > 0 && texts.every((text) => text.includes("added a key")),
      "only the added keys",
    );
    expect(added).toHaveLength(3);
    await page.reload();
    await expectVisible(page.getByRole("region", { name: "Today" }));
    expect(await page.getByLabel("Kind").inputValue()).toBe("key.created");
  });

  step("5. at 375 px the feed fits the screen, and axe finds nothing serious", async () => {
    if (!page) throw new Error("no page");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${app.url}/app/activity`);
    await expectVisible(page.getByRole("region", { name: "Today" }));
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoSeriousViolations(page, "activity-phone");
  });
});
