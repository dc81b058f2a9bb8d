import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { settle } from "../../helpers/axe.ts";
import { ARTIFACTS_DIR } from "../../helpers/e2e.ts";

/** One thing that does not fit the viewport, described so that a failure says where to look. */
export interface LayoutProblem {
  kind: "page-scrolls-sideways" | "past-the-right-edge" | "clipped" | "scrolls-sideways";
  element: string;
  detail: string;
}

/**
 * What on the page does not fit a viewport this wide (issue 19, "fails on horizontal overflow"):
 * - the page itself scrolls sideways (documentElement.scrollWidth > innerWidth);
 * - a visible element reaches past the right edge of the viewport (even inside a scroll box);
 * - a visible button, link, badge or heading cell has more content than room (text clipped or
 *   spilling, e.g. 'Needs changes' cut off), or any box scrolls or clips sideways. Text that ends
 *   in an ellipsis is cut visibly, on purpose, and not counted.
 */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: LayoutProblem[] = [];
    const width = window.innerWidth;
    const describe = (el: Element) => {
      const label =
        el.getAttribute("aria-label") ??
        el.getAttribute("data-key") ??
        (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const classes = typeof el.className === "string" ? el.className.split(" ").slice(0, 4).join(".") : "";
      return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ""}> "${label}"`;
    };
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0;
    };
    const doc = document.documentElement;
    if (doc.scrollWidth > width) {
      problems.push({
        kind: "page-scrolls-sideways",
        element: "html",
        detail: `scrollWidth ${doc.scrollWidth} > innerWidth ${width}`,
      });
    }
    for (const el of document.body.querySelectorAll("*")) {
      if (!visible(el)) continue;
      const rect = el.getBoundingClientRect();
      // Screen-reader-only text is a 1 px box clipped on purpose.
      const style = getComputedStyle(el);
      if (rect.width <= 1 && rect.height <= 1) continue;
      if (rect.right > width + 1) {
        problems.push({
          kind: "past-the-right-edge",
          element: describe(el),
          detail: `right edge ${Math.round(rect.right)} > ${width}`,
        });
        continue;
      }
      // A one-line name ending in '…' (a long e-mail in a list) says it is cut: cut silently, it fails.
      if (style.textOverflow === "ellipsis") continue;
      const clipsSideways = style.overflowX !== "visible";
      const holdsLabel = el.matches("button, a, [role=img], [data-approval], th, [role=tab]");
      if ((clipsSideways || holdsLabel) && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        problems.push({
          kind:
            clipsSideways && (style.overflowX === "auto" || style.overflowX === "scroll")
              ? "scrolls-sideways"
              : "clipped",
          element: describe(el),
          detail: `content ${el.scrollWidth} px wide in ${el.clientWidth} px`,
        });
      }
    }
    // One problem per element is enough; nested elements past the edge repeat their parent's story.
    return problems.slice(0, 25);
  });
}

/** Saves the page as test-results/e2e/responsive-{name}.png, once animations have finished. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await settle(page);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `responsive-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The rendered height of an element, in CSS pixels. */
export async function heightOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box: it is not rendered`);
  return box.height;
}
