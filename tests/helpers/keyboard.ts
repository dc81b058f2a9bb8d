import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { UI_TIMEOUT_MS } from "./e2e.ts";

// Following the focus as a keyboard user moves it, with failure messages that say where it went.

/** What has the focus: role, accessible name and where it is. */
export const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "<body>";
    const role = element.getAttribute("role") ?? element.tagName.toLowerCase();
    const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 60);
    const where = element.closest("[role=dialog], [role=alertdialog], nav, table, header, main");
    return `${role} "${name}"${where ? ` in ${where.getAttribute("aria-label") ?? where.tagName.toLowerCase()}` : ""}`;
  });

export const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement).catch(() => false);

export async function expectFocused(locator: Locator, what: string) {
  // A state change (dialog closing, editor unmounting) settles within a frame or two.
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (!(await isFocused(locator))) {
    if (Date.now() > deadline) expect.fail(`${what}: the focus is on ${await describeFocus(locator.page())}`);
    await locator.page().waitForTimeout(50);
  }
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails listing where the focus went. */
export async function tabTo(target: Locator, what: string, options: { back?: boolean; max?: number } = {}) {
  const page = target.page();
  const visited: string[] = [];
  for (let presses = 0; presses < (options.max ?? 40); presses += 1) {
    await page.keyboard.press(options.back ? "Shift+Tab" : "Tab");
    if (await isFocused(target)) return;
    visited.push(await describeFocus(page));
  }
  expect.fail(`Tab never reached ${what}; the focus went through:\n  ${visited.join("\n  ")}`);
}

/** The focused element shows where the focus is: an outline (the design's focus-visible ring) or a ring shadow. */
export async function expectFocusRing(locator: Locator, what: string) {
  await expectFocused(locator, what);
  const style = await locator.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { outline: computed.outlineStyle, width: computed.outlineWidth, shadow: computed.boxShadow };
  });
  const outlined = style.outline !== "none" && Number.parseFloat(style.width) >= 1;
  expect(outlined || style.shadow !== "none", `${what}: no visible focus (${JSON.stringify(style)})`).toBe(
    true,
  );
}

export const focusInside = (scope: Locator) =>
  scope.evaluate((element) => element.contains(document.activeElement)).catch(() => false);

/** Starts from the top of a freshly loaded page, as a keyboard user would. */
export async function fromTheTop(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}
