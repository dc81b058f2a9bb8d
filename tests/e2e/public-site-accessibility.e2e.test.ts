import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { testDatabaseLabel } from "../helpers/database.ts";
import { ARTIFACTS_DIR, expectVisible } from "../helpers/e2e.ts";
import { PUBLIC_PAGES, publicSiteForThisFile } from "../helpers/public-site.ts";

/**
 * The public pages' accessibility and small screens (issue 7): axe finds no serious or critical
 * violation on any public page, /login or /signup at 375 and 1280 px (the cookie banner shown), no
 * page is wider than the screen, and each is saved as test-results/e2e/public-*.png to look at.
 */

describe(`the public site's accessibility on ${testDatabaseLabel()}`, () => {
  const site = publicSiteForThisFile();

  describe("accessibility and small screens", () => {
    const axePages = [
      ...PUBLIC_PAGES,
      { path: "/login", heading: "Speak a language everyone understands" },
      { path: "/signup", heading: "Create your account" },
    ];

    it.each(axePages.flatMap((page) => [375, 1280].map((width) => ({ ...page, width }))))(
      "$path at $width px has no serious or critical axe violations (banner shown)",
      async ({ path, heading, width }) => {
        const { page } = await site().visitor({ width });
        await page.goto(`${site().app.url}${path}`);
        await expectVisible(page.getByText(heading).first());
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
          .map(
            (violation) =>
              `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
          );
        expect(serious).toEqual([]);
      },
    );

    it.each(PUBLIC_PAGES.flatMap((page) => [375, 1280].map((width) => ({ ...page, width }))))(
      "$path at $width px fits the width; screenshots saved",
      async ({ path, heading, width }) => {
        const name = path === "/" ? "landing" : path.slice(1);
        mkdirSync(ARTIFACTS_DIR, { recursive: true });
        // The first screen as a new visitor sees it, banner included.
        const first = await site().visitor({ width });
        await first.page.goto(`${site().app.url}${path}`);
        await expectVisible(first.page.getByRole("heading", { level: 1, name: heading }));
        await first.page.waitForLoadState("networkidle");
        await first.page.screenshot({
          path: join(ARTIFACTS_DIR, `public-${name}-${width}-first-screen.png`),
        });

        // The whole page once the banner is answered (a sticky banner would float mid-page in a full-page shot).
        const { page } = await site().visitor({ width, consent: true });
        await page.goto(`${site().app.url}${path}`);
        await expectVisible(page.getByRole("heading", { level: 1, name: heading }));
        await page.waitForLoadState("networkidle");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(ARTIFACTS_DIR, `public-${name}-${width}.png`), fullPage: true });
      },
    );
  });
});
