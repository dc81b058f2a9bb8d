import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey, reportProblems } from "../helpers/e2e.ts";
import { addToTeam, buildKey, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { pngBytes } from "../helpers/images.ts";
import { contentText, imagesOf, startOpenAIServer } from "../helpers/openai-server.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { button } from "./pages/common.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Issue 21's journey in Chromium: the owner adds a glossary term and a screenshot, translates a key
 * that contains the term with AI (the loopback OpenAI-compatible server sees the term and the
 * image), sees a quality check fire on the answer, filters for it and fixes it with one click, then
 * comments mentioning the reviewer, who gets the e-mail and opens its link on the key.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `quality-${name}-${stamp}-${suffix}@example.test`;
const KEY = "settings.title";
const CELL = `German of ${KEY}`;
const SOURCE = "Open your workspace settings.";
const ANSWER = "Öffne die Einstellungen deines Arbeitsbereichs";

describe(`translation quality on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let ai: Awaited<ReturnType<typeof startOpenAIServer>>;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let current: Page | undefined;
  let ownerPage: Page;
  let overview: OverviewPage;
  let projectId = "";

  beforeAll(async () => {
    mail = await startMailServer();
    ai = await startOpenAIServer();
    app = await startAppServer({
      SMTP_URL: mail.url,
      AI_BASE_URL: ai.url,
      AI_API_KEY: "test-key",
      AI_MODEL: "gpt-4o-mini",
    });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    reviewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await buildUser(app, { email: address("owner"), firstName: "Olga", lastName: "Owner" });
    const ownerApi = await signInAs(owner, { context: ownerContext });
    const teamId = (await buildTeam(ownerApi, { name: `Quality ${suffix}` })).id;
    // A first project, so the mention's link must switch to the right one.
    await buildProject(ownerApi, teamId, { name: "Another app", languages: ["de"] });
    const project = await buildProject(ownerApi, teamId, { name: "Web app", languages: ["de"] });
    projectId = project.id;
    await buildKey(ownerApi, projectId, KEY, { source: SOURCE });
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
    await ai?.close();
    await mail?.close();
  });

  const step = journey("translation-quality", () => current);

  step("1. the owner adds the glossary term 'workspace' with its German translation", async () => {
    ownerPage = await ownerContext.newPage();
    reportProblems(ownerPage);
    current = ownerPage;
    await ownerPage.goto(`${app.url}/app/glossary`);
    await ownerPage.getByRole("button", { name: "Add term" }).click();
    const dialog = ownerPage.getByRole("dialog", { name: "Add term" });
    await dialog.getByLabel("Term", { exact: true }).fill("workspace");
    await dialog.getByLabel(/^German/).fill("Arbeitsbereich");
    await dialog.getByRole("button", { name: "Add term" }).click();
    await expectVisible(ownerPage.getByRole("row", { name: /workspace/ }));
  });

  step("2. and a screenshot of the key, in the Overview of the project", async () => {
    await ownerPage.goto(`${app.url}/app/overview?project=${projectId}`);
    overview = new OverviewPage(ownerPage, app.url);
    await expectVisible(overview.row(KEY));
    await overview.hoverRow(KEY);
    await button(ownerPage, `Add a screenshot of ${KEY}`).click();
    const dialog = ownerPage.getByRole("dialog", { name: `Screenshots of ${KEY}` });
    await dialog.getByLabel("Screenshot file").setInputFiles({
      name: "settings.png",
      mimeType: "image/png",
      buffer: pngBytes(120, 60),
    });
    await expectVisible(dialog.getByRole("img", { name: `settings.png, screenshot of ${KEY}` }));
    await ownerPage.keyboard.press("Escape");
  });

  step("3. translating the key with AI sends the term and the screenshot", async () => {
    ai.requests.length = 0;
    ai.script.push({ content: JSON.stringify({ translation: ANSWER }) });
    await overview.languageTab(/German/).click();
    await overview.hoverRow(KEY);
    await button(ownerPage, `Translate ${CELL}`).click();
    await eventually(
      async () => (await overview.cell(KEY, "selected").textContent()) ?? "",
      (text) => text.includes(ANSWER),
      "the AI translation in the cell",
    );
    const request = ai.requests[0];
    expect(request).toBeDefined();
    if (!request) return;
    const user = contentText(request.messages.find((m) => m.role === "user")?.content);
    expect(user).toContain('"workspace" → use "Arbeitsbereich"');
    expect(imagesOf(request)).toHaveLength(1);
    expect(imagesOf(request)[0]).toMatch(/^data:image\/png;base64,/);
  });

  step("4. a quality check fires on the answer, and the Quality filter finds it", async () => {
    const row = overview.row(KEY);
    await expectVisible(row.getByText("Ends without punctuation but the source ends with “.”"));
    await expectVisible(row.getByText("AI · unverified"));
    const quality = ownerPage.getByRole("combobox", { name: "Quality checks" });
    await eventually(
      async () => (await quality.locator("option").allTextContents()).join("|"),
      (options) => options.includes("Ending punctuation (1)"),
      "the punctuation check counted",
    );
    await quality.selectOption({ label: "Ending punctuation (1)" });
    await expectVisible(ownerPage.getByText("1 of 1 key matches in German"));
    await expectVisible(overview.row(KEY));
    await ownerPage.getByRole("button", { name: "Clear filters" }).click();
  });

  step("5. one click fixes it: saved by a person, the check and the AI mark are gone", async () => {
    await button(ownerPage, "Fix: Ending punctuation").click();
    await eventually(
      async () => (await overview.cell(KEY, "selected").textContent()) ?? "",
      (text) => text.includes(`${ANSWER}.`),
      "the fixed translation",
    );
    const row = overview.row(KEY);
    await eventually(
      () => row.getByText("Ends without punctuation").count(),
      (n) => n === 0,
      "the finding gone",
    );
    expect(await row.getByText("AI · unverified").count()).toBe(0);
    const quality = ownerPage.getByRole("combobox", { name: "Quality checks" });
    await eventually(
      async () => (await quality.locator("option").allTextContents()).join("|"),
      (options) => !options.includes("Ending punctuation") && options.includes("Any issue (0)"),
      "the check no longer counted",
    );
  });

  step("6. the owner comments, mentioning the reviewer", async () => {
    await overview.hoverRow(KEY);
    await button(ownerPage, `Comments on ${CELL}`).click();
    const thread = ownerPage.getByRole("dialog", { name: `Comments on ${CELL}` });
    const field = thread.getByRole("textbox", { name: "Write a comment" });
    await field.pressSequentially("@Ri");
    await expectVisible(thread.getByRole("option", { name: /Rita Reviewer/ }));
    await field.press("Enter");
    await field.pressSequentially("is “Arbeitsbereich” right here?");
    await field.press("Control+Enter");
    await expectVisible(thread.getByRole("heading", { name: "Comments · 1 open" }));
    await ownerPage.keyboard.press("Escape");
  });

  step("7. the reviewer gets the e-mail, and its link opens the project on the key", async () => {
    const received = await mail.waitForMail(address("reviewer"));
    expect(received.subject).toBe(`Olga Owner mentioned you on ${KEY} (German)`);
    const link = /https?:\/\/\S+\/app\/overview\?\S+/.exec(received.text ?? "")?.[0];
    if (link === undefined) throw new Error(`no link to the Overview in the e-mail: ${received.text}`);
    const page = await reviewerContext.newPage();
    reportProblems(page);
    current = page;
    await page.goto(link);
    const reviewerOverview = new OverviewPage(page, app.url);
    await expectVisible(reviewerOverview.row(KEY));
    expect(await page.getByRole("searchbox", { name: "Search keys" }).inputValue()).toBe(KEY);
    await expectVisible(button(page, `Comments on ${CELL} (1 open)`));
    expect(new URL(page.url()).searchParams.get("project")).toBeNull();
  });
});
