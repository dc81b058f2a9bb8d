import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { appWorldForThisFile } from "../helpers/app-world.ts";
import { expectNoSeriousViolations } from "../helpers/axe.ts";
import { call } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible } from "../helpers/e2e.ts";
import { AppScreens } from "./pages/app-screens.ts";
import { button, sidebarNav } from "./pages/common.ts";
import { heightOf, layoutProblems, screenshot } from "./pages/layout-checks.ts";

/**
 * Phones (375 px) and narrow windows (issue 19): every screen of the signed-in app at 375 and at
 * 1280 px wide, saved as test-results/e2e/responsive-{screen}-{width}.png to look at, fails when
 * anything scrolls or reaches past the viewport sideways or a label is clipped. The review has four
 * languages, the case that clipped 'Needs changes' at 1280. Also the sidebar of spec point 2: its
 * drawer on phones, axe on both.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const teamName = `Narrow ${suffix}`;
const projectName = "Storefront";
const reviewTitle = "Checkout copy";
const invited = `narrow-invited-${stamp}-${suffix}@example.test`;
const WIDTHS = [375, 1280] as const;
type Width = (typeof WIDTHS)[number];

describe(`the app at 375 and 1280 px on ${testDatabaseLabel()}`, () => {
  const session = appWorldForThisFile({
    owner: { email: `narrow-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" },
    reviewer: {
      email: `narrow-reviewer-${stamp}-${suffix}@example.test`,
      firstName: "Rita",
      lastName: "Reviewer",
    },
    invited,
    teamName,
    projectName,
    reviewTitle,
  });
  const screens = () => {
    const { page, app, world } = session();
    return new AppScreens(page, app.url, {
      key: "checkout.pay",
      reviewTitle,
      reviewId: world.reviewId,
      memberName: "Rita Reviewer",
      invited,
    });
  };

  beforeAll(async () => {
    // A fourth language: a review shows a column per project language.
    const { world } = session();
    const answer = await call(world.ownerApi, contract.projects.setLanguages, {
      params: { projectId: world.projectId },
      body: { languages: ["en", "de", "fr", "es"] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  const SCREENS: { name: string; open: (s: AppScreens, width: Width) => Promise<unknown> }[] = [
    {
      name: "overview",
      open: async (s) => {
        await s.openOverview();
        // One short string per line, not one character per line (a 400 px row at 375).
        expect(await heightOf(s.overview.row("checkout.title"))).toBeLessThan(200);
      },
    },
    {
      name: "overview-cell-editor",
      open: async (s) => {
        await s.openOverview();
        await s.overview.openCell("checkout.title", "selected", "German");
      },
    },
    {
      name: "overview-more-menu",
      open: async (s, width) => {
        await s.openOverview();
        // Below 640 px the toolbar's buttons are in the '⋯ More' menu; wider, they are in the bar.
        if (width === 375) {
          await button(s.page, "More").click();
          await expectVisible(s.page.getByRole("menuitem", { name: "Import" }));
        } else {
          await expectVisible(s.overview.toolbarButton("Import"));
        }
      },
    },
    { name: "reviews", open: (s) => s.openReviews() },
    {
      name: "review-four-languages",
      open: async (s, width) => {
        await s.openReview();
        if (width === 375) {
          // One language at a time, picked above the table.
          await s.review.languagePicker.selectOption({ label: "Spanish" });
          await expectVisible(s.review.approval("Needs changes", "Spanish", "checkout.pay"));
        } else {
          for (const language of ["German", "French", "Spanish"]) {
            await expectVisible(s.review.approval("Needs changes", language, "checkout.pay"));
          }
        }
      },
    },
    { name: "team", open: (s) => s.openTeam() },
    { name: "tone", open: (s) => s.openTone() },
    { name: "project-settings", open: (s) => s.openSettings("General") },
  ];

  for (const width of WIDTHS) {
    describe(`${width} px`, () => {
      it.each(SCREENS)("$name fits: nothing scrolls sideways, nothing is clipped", async ({ name, open }) => {
        const s = screens();
        await s.page.setViewportSize({ width, height: 800 });
        await open(s, width);
        const file = await screenshot(s.page, `${name}-${width}`);
        expect(await layoutProblems(s.page), `${name} at ${width} px (see ${file})`).toEqual([]);
      });
    });
  }

  describe("the sidebar (spec point 2)", () => {
    it("sits next to the content at 1280 with the projects and tabs, the current ones marked", async () => {
      const s = screens();
      await s.page.setViewportSize({ width: 1280, height: 800 });
      await s.openOverview();
      const sidebar = sidebarNav(s.page);
      await expectVisible(sidebar);
      expect(await sidebar.getByRole("link", { name: "Overview" }).getAttribute("aria-current")).toBe("page");
      expect(
        await sidebar.getByRole("button", { name: projectName, exact: true }).getAttribute("aria-current"),
      ).toBe("true");
      await screenshot(s.page, "sidebar-1280");
      await expectNoSeriousViolations(s.page, "responsive-sidebar-1280");
    });

    it("is collapsed and stays collapsed after a reload", async () => {
      const s = screens();
      await s.page.setViewportSize({ width: 1280, height: 800 });
      await s.openOverview();
      await button(s.page, "Collapse sidebar").click();
      await expectVisible(button(s.page, "Expand sidebar"));
      await s.openOverview();
      await expectVisible(button(s.page, "Expand sidebar"));
      expect(await layoutProblems(s.page)).toEqual([]);
      await button(s.page, "Expand sidebar").click();
      await expectVisible(button(s.page, "Collapse sidebar"));
    });

    it("is a drawer at 375: the menu button opens it, Escape and a click outside close it, focus returns", async () => {
      const s = screens();
      await s.page.setViewportSize({ width: 375, height: 800 });
      await s.openReviews();
      const menu = button(s.page, "Open menu");
      const drawer = s.dialog("Menu");

      await menu.click();
      await expectVisible(drawer);
      await expectVisible(sidebarNav(s.page));
      const file = await screenshot(s.page, "drawer-375");
      expect(await layoutProblems(s.page), `the drawer (see ${file})`).toEqual([]);
      await expectNoSeriousViolations(s.page, "responsive-drawer-375");
      await s.page.keyboard.press("Escape");
      await drawer.waitFor({ state: "detached" });
      await eventually(
        () => menu.evaluate((el) => el === document.activeElement),
        (focused) => focused,
        "the focus back on the menu button after Escape",
      );

      await menu.click();
      await expectVisible(drawer);
      await s.page.mouse.click(370, 400);
      await drawer.waitFor({ state: "detached" });

      // Picking the project in the drawer goes to its Overview and closes the drawer.
      await menu.click();
      await drawer.getByRole("button", { name: projectName, exact: true }).click();
      await expectPath(s.page, /^\/app\/overview$/);
      await drawer.waitFor({ state: "detached" });
    });
  });
});
