import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect, it } from "vitest";

/** How long a UI element may take to appear (the SPA, the server and Chromium share 2 cores). */
export const UI_TIMEOUT_MS = 15_000;

/** Where failing steps leave a screenshot (git-ignored). */
export const ARTIFACTS_DIR = join("test-results", "e2e");

/** Waits until the locator's first match is visible; fails naming what was missing and where. */
export async function expectVisible(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: "visible", timeout });
  } catch {
    const page = locator.page();
    expect.fail(`Not visible within ${timeout} ms on ${page.url()}: ${locator}`);
  }
}

/** Waits until the page's path (and query) matches; fails with the URL it is on instead. */
export async function expectPath(page: Page, pattern: RegExp, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await page.waitForURL((url) => pattern.test(url.pathname + url.search), { timeout });
  } catch {
    expect.fail(
      `Expected the path to match ${pattern} within ${timeout} ms, but the page is at ${page.url()}`,
    );
  }
}

/** Polls `read` until `check` accepts its value (for state that settles, e.g. a disabled button). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  timeout = UI_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) expect.fail(`${what}: still ${JSON.stringify(value)} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * A journey of several people, each in a browser context of their own: its steps, and the page they
 * act on (the one a failing step's screenshot shows). `open` starts a page in a context (console
 * problems reported) and makes it current; `use` makes an open page current.
 */
export function journeyOfPages(name: string) {
  let current: Page | undefined;
  return {
    step: journey(name, () => current),
    open: async (context: BrowserContext) => {
      const page = await context.newPage();
      reportProblems(page);
      current = page;
      return page;
    },
    use: (page: Page | undefined) => {
      current = page;
      return page as Page;
    },
  };
}

/**
 * Steps of one journey, run in order: once a step fails the later ones are skipped (they depend on
 * it) and the failing page is saved as a screenshot under test-results/e2e.
 */
export function journey(name: string, currentPage: () => Page | undefined) {
  let failedStep: string | undefined;
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80);
  return (title: string, run: () => Promise<void>, timeout?: number) =>
    it(
      title,
      async (context) => {
        if (failedStep) context.skip(`an earlier step failed: ${failedStep}`);
        try {
          await run();
        } catch (error) {
          failedStep = title;
          const page = currentPage();
          if (page && !page.isClosed()) {
            mkdirSync(ARTIFACTS_DIR, { recursive: true });
            const path = join(ARTIFACTS_DIR, `${slug(name)}--${slug(title)}.png`);
            await page.screenshot({ path, fullPage: true }).catch(() => {});
            console.error(`[e2e] "${title}" failed at ${page.url()}; screenshot: ${path}`);
          }
          throw error;
        }
      },
      timeout,
    );
}

/** Page errors and failed API calls go to the test's log, so a failing step shows what the app saw. */
export function reportProblems(page: Page): void {
  page.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400 && response.url().includes("/api/")) {
      console.warn(`[e2e] ${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
}

/**
 * What `until` waits for, the page's clock (installed by the test: `context.clock.install()`) moved
 * on half a second at a time meanwhile: a screen that shows its steps for seconds (the Export and
 * Import dialogs' progress, spec point 4) gets there without the test waiting them out.
 */
export async function hurried<T>(page: Page, until: Promise<T>): Promise<T> {
  let settled = false;
  const done = until.finally(() => {
    settled = true;
  });
  done.catch(() => {}); // awaited below, after the loop
  while (!settled) {
    await page.clock.fastForward(500);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return done;
}
