import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { DOC_TOPICS, topicPath, WELCOME_TITLE } from "../../src/web/features/docs/topics.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { ARTIFACTS_DIR, eventually, expectPath, expectVisible, journey } from "../helpers/e2e.ts";

/**
 * The public documentation (spec point 2, issue 7) in Chromium: /docs opens the introduction, every
 * sidebar topic changes the URL, is marked current and starts at the top, an unknown id shows the
 * welcome text, the header leads to /login and /signup; axe finds no serious or critical violation
 * on any topic, and at 375 px nothing is wider than the screen. Screenshots of every topic at 375 and
 * 1280 px go to test-results/e2e/docs-*.png.
 */

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 812 };

describe("/docs", () => {
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;

  beforeAll(async () => {
    app = await startAppServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: WIDE });
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  const step = journey("docs", () => page);
  const topics = (p: Page) => p.getByRole("navigation", { name: "Documentation topics" });
  const h1 = (p: Page) => p.getByRole("heading", { level: 1 });

  /** Serious and critical axe violations of the page as it is now, one line each. */
  async function seriousViolations(p: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page: p }).analyze();
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(" "))
            .join(", ")}`,
      );
  }

  const screenshot = (p: Page, name: string) =>
    p.screenshot({ path: join(ARTIFACTS_DIR, `docs-${name}.png`), fullPage: true });

  step("1. /docs shows the introduction, marked current in the sidebar", async () => {
    page = await context.newPage();
    const p = page;
    p.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
    await p.goto(`${app.url}/docs`);
    await expectVisible(h1(p).filter({ hasText: "Introduction" }));
    expect(await h1(p).count()).toBe(1);
    const current = topics(p).locator('[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.innerText()).toBe("Introduction");
    expect(await topics(p).getByRole("link").count()).toBe(DOC_TOPICS.length);
  });

  for (const [index, topic] of DOC_TOPICS.entries()) {
    step(
      `2.${index + 1} the sidebar opens ${topic.title}: URL, highlight, top of the page, axe`,
      async () => {
        const p = page as Page;
        // Start further down, so "starts at the top" means something.
        await p.evaluate(() => window.scrollTo(0, 600));
        await topics(p).getByRole("link", { name: topic.title, exact: true }).click();
        await expectPath(p, new RegExp(`^${topicPath(topic.id)}$`));
        await expectVisible(h1(p).filter({ hasText: topic.title }));
        expect(await h1(p).count()).toBe(1);
        const current = topics(p).locator('[aria-current="page"]');
        expect(await current.count()).toBe(1);
        expect(await current.innerText()).toBe(topic.title);
        // Highlighted for the eye too: the current topic looks different from the others.
        const background = (link: Locator) =>
          link.evaluate((element) => getComputedStyle(element).backgroundColor);
        const other = topics(p).locator('a:not([aria-current="page"])').first();
        expect(await background(current)).not.toBe(await background(other));
        await eventually(
          () => p.evaluate(() => window.scrollY),
          (y) => y === 0,
          `the scroll position after opening ${topic.id}`,
        );
        expect(await seriousViolations(p)).toEqual([]);
        await screenshot(p, `${topic.id}-1280`);
      },
    );
  }

  step("3. an unknown id shows the welcome text with every topic, none marked current", async () => {
    const p = page as Page;
    await p.goto(`${app.url}/docs/does-not-exist`);
    await expectVisible(h1(p).filter({ hasText: WELCOME_TITLE }));
    expect(await topics(p).locator('[aria-current="page"]').count()).toBe(0);
    const main = p.getByRole("main");
    for (const topic of DOC_TOPICS) await expectVisible(main.getByRole("link", { name: topic.title }));
    expect(await seriousViolations(p)).toEqual([]);
    await screenshot(p, "welcome-1280");
  });

  step("4. the header's Log In goes to /login and Get Started to /signup", async () => {
    const p = page as Page;
    const account = p.getByRole("navigation", { name: "Account" });
    await p.goto(`${app.url}/docs/api`);
    await account.getByRole("link", { name: "Log In" }).click();
    await expectPath(p, /^\/login$/);
    await expectVisible(p.getByText("Speak a language everyone understands"));
    await p.goto(`${app.url}/docs/api`);
    await account.getByRole("link", { name: "Get Started" }).click();
    await expectPath(p, /^\/signup$/);
    await expectVisible(p.getByText("Create your account"));
  });

  step(
    "5. at 375 px every topic fits the screen, has no serious axe violation, and is photographed",
    async () => {
      const p = page as Page;
      await p.setViewportSize(NARROW);
      for (const topic of DOC_TOPICS) {
        await p.goto(`${app.url}${topicPath(topic.id)}`);
        await expectVisible(h1(p).filter({ hasText: topic.title }));
        // The active topic is scrolled into the sideways row of topics.
        const current = topics(p).locator('[aria-current="page"]');
        const box = await current.boundingBox();
        expect(box, `${topic.id}: the current topic's place`).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= NARROW.width, topic.id).toBe(true);
        // Nothing is wider than the screen; only code blocks scroll sideways (inside themselves).
        const pageWidth = await p.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth, `${topic.id}: page width`).toBeLessThanOrEqual(NARROW.width);
        const wideTables = await p.evaluate(() =>
          [...document.querySelectorAll("main table")]
            .map((table) => table.parentElement)
            .filter((region) => region !== null && region.scrollWidth > region.clientWidth + 1)
            .map((region) => region?.getAttribute("aria-label")),
        );
        expect(wideTables, `${topic.id}: tables wider than the screen`).toEqual([]);
        expect(await seriousViolations(p)).toEqual([]);
        await screenshot(p, `${topic.id}-375`);
      }
      await p.goto(`${app.url}/docs/unknown-topic`);
      await expectVisible(h1(p).filter({ hasText: WELCOME_TITLE }));
      await screenshot(p, "welcome-375");
    },
  );
});
