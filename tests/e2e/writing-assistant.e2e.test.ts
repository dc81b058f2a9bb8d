import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { HistoryEntry, KeyRow } from "../../src/shared/schemas/keys.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * The writing assistant in Chromium against the real server with the offline pseudo provider
 * (issue 4): on a source cell, Shorten shows its suggestion beside the original, Accept puts it in
 * the editor and saving stores it; a dismissed suggestion changes nothing; all of it by keyboard too.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `wa-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const keyName = "settings.save";
const sourceValue = "Please just save your {count} changes";
const shortened = "Save your {count} changes";

describe(`the writing assistant on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId = "";
  let keyId = "";

  beforeAll(async () => {
    mail = await startMailServer();
    // No AI_API_KEY: the pseudo provider answers.
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, `Assistant ${suffix}`);
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: "Website" },
    });
    expect(project.status()).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    const key = await context.request.post(`${app.url}/api/projects/${projectId}/keys`, {
      data: { key: keyName, sourceValue },
    });
    expect(key.status()).toBe(201);
    keyId = ((await key.json()) as KeyRow).id;
    page = await context.newPage();
    page.on("response", (response) => {
      if (response.status() >= 400 && response.url().includes("/api/")) {
        console.warn(`[e2e] ${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("writing assistant", () => page);
  const keyRow = () => page.locator(`tr[data-key="${keyName}"]`);
  const sourceCell = () => keyRow().locator("td").nth(1);
  const editor = () => page.getByLabel(`English of ${keyName}`, { exact: true });
  const assistant = () => page.getByRole("button", { name: `Writing assistant for English of ${keyName}` });
  const suggestion = (action: string) => page.getByRole("region", { name: `${action} suggestion` });
  const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
  const savedSource = async () => {
    const list = await context.request.get(`${app.url}/api/projects/${projectId}/keys`);
    return ((await list.json()) as { keys: KeyRow[] }).keys.find((k) => k.id === keyId)?.strings.en?.value;
  };

  step("1. the source cell's sparkles button opens the editor with the five actions", async () => {
    await page.goto(`${app.url}/app/overview`);
    await page.getByRole("button", { name: "Website", exact: true }).click();
    await expectVisible(keyRow());
    await page.mouse.move(0, 0);
    await keyRow().hover();
    await assistant().click();
    await expectVisible(editor());
    const menu = page.getByRole("menu", { name: "Writing assistant" });
    await expectVisible(menu);
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
      "Rephrase",
      "Shorten",
      "Expand",
      "Fix grammar",
      "Match tone",
    ]);
  });

  step("2. Shorten shows the suggestion beside the original, placeholders kept", async () => {
    await page.getByRole("menuitem", { name: "Shorten" }).click();
    const panel = suggestion("Shorten");
    await expectVisible(panel);
    expect(await panel.locator("[data-assist-original]").textContent()).toBe(sourceValue);
    expect(await panel.locator("[data-assist-value]").textContent()).toBe(shortened);
    // Nothing is saved by asking.
    expect(await savedSource()).toBe(sourceValue);
  });

  step("3. Accept puts it in the editor; saving stores it as a new version", async () => {
    await suggestion("Shorten").getByRole("button", { name: "Accept" }).click();
    await suggestion("Shorten").waitFor({ state: "hidden" });
    expect(await editor().inputValue()).toBe(shortened);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisible(toast("Translation updated"));
    await editor().waitFor({ state: "hidden" });
    await expectVisible(sourceCell().getByText(shortened, { exact: true }));
    expect(await savedSource()).toBe(shortened);
    const history = await context.request.get(`${app.url}/api/keys/${keyId}/strings/en/history`);
    const entries = ((await history.json()) as { entries: HistoryEntry[] }).entries;
    expect(entries.map((e) => e.value)).toEqual([shortened, sourceValue]);
  });

  step("4. by keyboard: Alt+↑ from the editor reaches the assistant; Dismiss changes nothing", async () => {
    await sourceCell().getByRole("button", { name: shortened }).click();
    await expectVisible(editor());
    await eventually(
      () => page.evaluate(() => document.activeElement?.tagName ?? ""),
      (tag) => tag === "TEXTAREA",
      "focus in the editor",
    );
    // Shift+Tab saves and goes to the previous key (issue 34); Alt+↑ reaches the assistant.
    await page.keyboard.press("Alt+ArrowUp");
    await page.keyboard.press("Enter");
    await expectVisible(page.getByRole("menu", { name: "Writing assistant" }));
    await eventually(
      () => page.evaluate(() => document.activeElement?.textContent ?? ""),
      (text) => text === "Rephrase",
      "focus on the first action",
    );
    // Arrow keys walk the actions (how many presses it takes depends on where Radix put the focus).
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    for (let presses = 0; presses < 6; presses++) {
      const before = await focused();
      if (before === "Expand") break;
      await page.keyboard.press("ArrowDown");
      // Wait for Radix to move the focus before reading it again.
      await eventually(focused, (text) => text !== before, "focus after ArrowDown");
    }
    expect(await focused()).toBe("Expand");
    await page.keyboard.press("Enter");
    const panel = suggestion("Expand");
    await expectVisible(panel);
    expect(await panel.locator("[data-assist-value]").textContent()).toContain(shortened);
    await eventually(
      () => page.evaluate(() => document.activeElement?.textContent ?? ""),
      (text) => text === "Accept",
      "focus on Accept",
    );
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await panel.waitFor({ state: "hidden" });
    expect(await editor().inputValue()).toBe(shortened);
    // The focus is back in the editor: Escape closes it, and nothing was saved.
    await eventually(
      () => page.evaluate(() => document.activeElement?.tagName ?? ""),
      (tag) => tag === "TEXTAREA",
      "focus back in the editor",
    );
    await page.keyboard.press("Escape");
    await editor().waitFor({ state: "hidden" });
    expect(await savedSource()).toBe(shortened);
  });
});
