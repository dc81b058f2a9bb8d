import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * Translation memory in Chromium against the real server (issue 4): two keys with similar source
 * texts, one translated into German. Editing the other's German cell shows the translation with its
 * match percentage; clicking it fills the editor, and saving saves it. Also by keyboard.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `tm-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const translatedKey = "settings.save";
const translatedSource = "Save your changes";
const translation = "Änderungen speichern";
const keyName = "dialog.save";
const sourceValue = "Save all your changes";

describe(`translation memory on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId = "";
  let keyId = "";
  let percent = 0;

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, `Memory ${suffix}`);
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: "Website" },
    });
    expect(project.status()).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    const languages = await context.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de"] },
    });
    expect(languages.status()).toBe(200);
    const translated = await context.request.post(`${app.url}/api/projects/${projectId}/keys`, {
      data: { key: translatedKey, sourceValue: translatedSource },
    });
    expect(translated.status()).toBe(201);
    const saved = await context.request.put(
      `${app.url}/api/keys/${((await translated.json()) as KeyRow).id}/strings/de`,
      { data: { value: translation } },
    );
    expect(saved.status()).toBe(200);
    const key = await context.request.post(`${app.url}/api/projects/${projectId}/keys`, {
      data: { key: keyName, sourceValue },
    });
    expect(key.status()).toBe(201);
    keyId = ((await key.json()) as KeyRow).id;
    // The percentage the editor must show: pg_trgm's similarity of the two source texts.
    const { rows } = await sql<{ p: number }>`
      select round(similarity(${sourceValue}::text, ${translatedSource}::text) * 100)::int as p
    `.execute(app.server.database.db);
    percent = rows[0]?.p ?? 0;
    expect(percent).toBeGreaterThanOrEqual(30);
    expect(percent).toBeLessThan(100);
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

  const step = journey("translation memory", () => page);
  const keyRow = () => page.locator(`tr[data-key="${keyName}"]`);
  const germanCell = () => keyRow().locator("td").nth(2);
  const editor = () => page.getByLabel(`German of ${keyName}`, { exact: true });
  const suggestions = () => page.getByRole("region", { name: "Suggestions from translation memory" });
  const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
  const savedGerman = async () => {
    const list = await context.request.get(`${app.url}/api/projects/${projectId}/keys?languages=en,de`);
    return ((await list.json()) as { keys: KeyRow[] }).keys.find((k) => k.id === keyId)?.strings.de?.value;
  };
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

  step(
    "1. editing the German cell shows the similar key's translation with its match percentage",
    async () => {
      await page.goto(`${app.url}/app/overview`);
      await page.getByRole("button", { name: "Website", exact: true }).click();
      await expectVisible(keyRow());
      await germanCell().getByRole("button", { name: "Empty" }).click();
      await expectVisible(editor());
      await expectVisible(suggestions());
      const items = suggestions().getByRole("button");
      expect(await items.count()).toBe(1);
      expect(await items.locator("[data-memory-translation]").textContent()).toBe(translation);
      expect(await items.locator("[data-memory-source]").textContent()).toBe(translatedSource);
      expect(await items.locator("[data-memory-similarity]").textContent()).toBe(`${percent} %`);
      // The editor keeps the focus while the suggestions arrive.
      expect(await focused()).toBe(`German of ${keyName}`);
    },
  );

  step("2. clicking it fills the editor, without saving", async () => {
    await suggestions().getByRole("button").first().click();
    expect(await editor().inputValue()).toBe(translation);
    await eventually(focused, (label) => label === `German of ${keyName}`, "focus back in the editor");
    expect(await savedGerman()).toBeUndefined();
  });

  step("3. saving saves it", async () => {
    await editor().press("Enter");
    await expectVisible(toast("Saved"));
    await editor().waitFor({ state: "hidden" });
    await expectVisible(germanCell().getByText(translation, { exact: true }));
    expect(await savedGerman()).toBe(translation);
  });

  step("4. by keyboard: Alt+↓ reaches the suggestion, Enter uses it, Escape discards", async () => {
    await germanCell().getByRole("button", { name: translation }).click();
    await expectVisible(editor());
    await expectVisible(suggestions());
    await editor().fill("Speichern");
    await eventually(focused, (label) => label === `German of ${keyName}`, "focus in the editor");
    await page.keyboard.press("Alt+ArrowDown");
    await eventually(
      () => page.evaluate(() => document.activeElement?.hasAttribute("data-memory-suggestion") ?? false),
      (onSuggestion) => onSuggestion,
      "focus on the suggestion",
    );
    await page.keyboard.press("Enter");
    expect(await editor().inputValue()).toBe(translation);
    await eventually(focused, (label) => label === `German of ${keyName}`, "focus back in the editor");
    await page.keyboard.press("Escape");
    await editor().waitFor({ state: "hidden" });
    expect(await savedGerman()).toBe(translation);
  });
});
