import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { expectNoSeriousViolations } from "../helpers/axe.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, type E2ePerson, signUpInContext } from "../helpers/e2e-users.ts";
import { startOpenAIServer } from "../helpers/openai-server.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { layoutProblems } from "./pages/layout-checks.ts";

/**
 * The Activity tab's dashboard in Chromium against the real server (issue 22): after a person's
 * edit, an import and an AI batch, the language bars and their table show German half translated by
 * people and French wholly unverified AI (0% translated until someone checks it); the month's words count both; the owner is the top
 * contributor; the open review links to itself; the progress chart draws and lists today as a table;
 * at 375 px it fits the screen and axe finds nothing serious.
 */

const suffix = randomBytes(3).toString("hex");
const owner: E2ePerson = {
  email: `dashboard-${Date.now().toString(36)}-${suffix}@example.test`,
  firstName: "Ada",
  lastName: "Owner",
};

describe(`dashboard on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let ai: Awaited<ReturnType<typeof startOpenAIServer>>;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let projectId = "";
  let reviewId = "";
  const keyIds: Record<string, string> = {};

  /** A table's rows as their cells' texts. */
  const rowsOf = (table: Locator) =>
    table
      .locator("tr")
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
      );

  beforeAll(async () => {
    mail = await startMailServer();
    ai = await startOpenAIServer();
    app = await startAppServer({ SMTP_URL: mail.url, AI_BASE_URL: ai.url, AI_API_KEY: "test-key" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, `Dashboard ${suffix}`);
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: "Website" },
    });
    expect(project.status()).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    const languages = await context.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de", "fr"] },
    });
    expect(languages.status()).toBe(200);
    for (const [key, sourceValue] of [
      ["welcome", "Welcome"],
      ["subtitle", "Translate faster"],
      ["pay", "Pay now"],
      ["cancel", "Cancel the order"],
    ]) {
      const created = await context.request.post(`${app.url}/api/projects/${projectId}/keys`, {
        data: { key, sourceValue },
      });
      expect(created.status()).toBe(201);
      keyIds[key as string] = ((await created.json()) as { id: string }).id;
    }
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await ai?.close();
    await mail?.close();
  });

  const step = journey("dashboard", () => page);

  step("1. an edit, an import and a batch, and a review is opened", async () => {
    const saved = await context.request.put(`${app.url}/api/keys/${keyIds.welcome}/strings/de`, {
      data: { value: "Willkommen" },
    });
    expect(saved.status()).toBe(200);
    const imported = await context.request.post(`${app.url}/api/projects/${projectId}/import`, {
      multipart: {
        file: {
          name: "de.json",
          mimeType: "application/json",
          buffer: Buffer.from('{"subtitle":"Schneller übersetzen"}'),
        },
        language: "de",
      },
    });
    expect(imported.status()).toBe(200);
    const started = await context.request.post(`${app.url}/api/projects/${projectId}/batch-translations`, {
      data: { language: "fr" },
    });
    expect(started.status()).toBe(201);
    const batchId = ((await started.json()) as { id: string }).id;
    await eventually(
      async () =>
        (
          (await (await context.request.get(`${app.url}/api/batch-translations/${batchId}`)).json()) as {
            status: string;
          }
        ).status,
      (status) => status === "completed",
      "the batch completed",
    );
    const review = await context.request.post(`${app.url}/api/projects/${projectId}/reviews`, {
      data: { title: "Launch copy", keyIds: [keyIds.welcome, keyIds.subtitle] },
    });
    expect(review.status()).toBe(201);
    reviewId = ((await review.json()) as { id: string }).id;
  });

  step("2. the dashboard's bars and tables show them", async () => {
    page = await context.newPage();
    await page.goto(`${app.url}/app/activity`);
    const dashboard = page.getByRole("region", { name: "Dashboard" });
    await expectVisible(dashboard);
    const bars = dashboard.getByRole("list", { name: "Language bars" });
    expect(await bars.getByRole("listitem").allTextContents()).toEqual([
      "German de50% translated of 4Approved 0Translated 2Unverified AI 0Missing 2",
      "French fr0% translated of 4Approved 0Translated 0Unverified AI 4Missing 0",
    ]);
    const panel = dashboard.getByRole("region", { name: "Languages" });
    await panel.getByRole("button", { name: "Show as table" }).click();
    const languages = panel.getByRole("table", { name: "Where each language stands" });
    expect(await rowsOf(languages)).toEqual([
      ["Language", "State", "Strings"],
      ["German", "Approved", "0"],
      ["Translated", "2"],
      ["Unverified AI", "0"],
      ["Missing", "2"],
      ["Total", "4"],
      ["French", "Approved", "0"],
      ["Translated", "0"],
      ["Unverified AI", "4"],
      ["Missing", "0"],
      ["Total", "4"],
    ]);

    const words = dashboard.getByRole("table", { name: /^Words translated in / });
    const [people, machine] = await rowsOf(words);
    expect(people?.[0]).toBe("People");
    expect(Number(people?.[1])).toBeGreaterThan(0);
    expect(machine?.[0]).toBe("AI");
    expect(Number(machine?.[1])).toBeGreaterThan(0);

    expect(await dashboard.getByRole("list", { name: "Top contributors" }).textContent()).toContain(
      "Ada Owner",
    );
    const link = dashboard
      .getByRole("list", { name: "Open reviews" })
      .getByRole("link", { name: "Launch copy" });
    expect(await link.getAttribute("href")).toBe(`/app/review/${reviewId}`);

    // The line chart (uPlot, loaded with it) draws; its table lists today's percent translated.
    const progress = dashboard.getByRole("region", { name: "Progress, last 90 days" });
    await expectVisible(progress.locator("canvas"));
    await progress.getByRole("button", { name: "Show as table" }).click();
    const perDay = await rowsOf(progress.getByRole("table", { name: "Percent translated per day" }));
    expect(perDay[0]).toEqual(["Day", "German", "French"]);
    // Translated as the bars count it: unverified AI output is not (yet) translated.
    expect(perDay.at(-1)?.slice(1)).toEqual(["50%", "0%"]);

    // The feed under the dashboard lists the same work: the edit, the import and the batch.
    const today = page.getByRole("region", { name: "Today" });
    await expectVisible(today.getByText(/edited 1 string in German/));
    await expectVisible(today.getByText(/imported de\.json: 1 string/));
    await expectVisible(today.getByText(/finished a batch translation: 4 strings in French/));
  });

  step("3. a new edit shows on the open dashboard", async () => {
    if (!page) throw new Error("no page");
    const saved = await context.request.put(`${app.url}/api/keys/${keyIds.pay}/strings/de`, {
      data: { value: "Jetzt bezahlen" },
    });
    expect(saved.status()).toBe(200);
    const languages = page.getByRole("table", { name: "Where each language stands" });
    await eventually(
      () => rowsOf(languages),
      (rows) => rows[2]?.join(",") === "Translated,3" && rows[4]?.join(",") === "Missing,1",
      "the edit in the German bar",
    );
  });

  step("4. at 375 px the dashboard fits the screen, and axe finds nothing serious", async () => {
    if (!page) throw new Error("no page");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${app.url}/app/activity`);
    await expectVisible(page.getByRole("region", { name: "Progress, last 90 days" }).locator("canvas"));
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoSeriousViolations(page, "dashboard-phone");
    // The tables fit too.
    for (const panel of ["Languages", "Progress, last 90 days"]) {
      await page.getByRole("region", { name: panel }).getByRole("button", { name: "Show as table" }).click();
    }
    await expectVisible(page.getByRole("table", { name: "Where each language stands" }));
    await expectVisible(page.getByRole("table", { name: "Percent translated per day" }));
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoSeriousViolations(page, "dashboard-phone-tables");
  });
});
