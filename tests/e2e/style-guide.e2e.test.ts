import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { expectVisible, UI_TIMEOUT_MS } from "../helpers/e2e.ts";

/** Spec point 2: /style-guide shows the design system (colors, typography, ..., dialog, checkboxes). */
describe("/style-guide", () => {
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startAppServer();
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${app.url}/style-guide`);
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  it.each(["Colors", "Typography", "Buttons", "Inputs", "Dialog", "Shadows", "Checkboxes"])(
    "has a %s heading",
    async (name) => {
      await expectVisible(page.getByRole("heading", { name: new RegExp(`^\\s*${name}\\s*$`, "i") }));
    },
  );

  it("opens the example dialog and closes it with Escape", async () => {
    const heading = page.getByRole("heading", { name: /^\s*dialog\s*$/i });
    const section = page
      .getByRole("region", { name: /^\s*dialog\s*$/i })
      .or(page.locator("section").filter({ has: heading }))
      .first();
    await expectVisible(section);
    const opener = section.getByRole("button", { name: /open/i }).or(section.getByRole("button")).first();
    await opener.click();
    const dialog = page.getByRole("dialog");
    await expectVisible(dialog);
    expect(await dialog.count()).toBe(1);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
  });
});
