import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { expectVisible } from "../helpers/e2e.ts";

/**
 * /api/docs under the same content security policy as every page (issue 16): the reference still
 * renders in Chromium, and the browser reports no blocked script.
 */
describe("/api/docs", () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("renders the API reference with no script refused by the policy", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const response = await page.goto(`${app.url}/api/docs`);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    await expectVisible(page.getByRole("heading", { name: "Sprog API" }).first());
    await expectVisible(page.getByText("/auth/code").first());
    expect(refused.filter((text) => /script/i.test(text))).toEqual([]);
    await context.close();
  });
});
