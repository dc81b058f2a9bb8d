import { randomBytes } from "node:crypto";
import { describe, it } from "vitest";
import { appWorldForThisFile } from "../helpers/app-world.ts";
import { expectNoSeriousViolations } from "../helpers/axe.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { expectVisible } from "../helpers/e2e.ts";
import { AppScreens } from "./pages/app-screens.ts";
import { button } from "./pages/common.ts";

/**
 * Accessibility of the signed-in app (issue 7, "Quality"): axe finds no serious or critical WCAG 2.1
 * A/AA violation on Overview (keys table with rows, a cell editor open), Reviews, a review, Team and
 * Tone, nor with each of their dialogs and menus open. Every screen is saved as
 * test-results/e2e/a11y-*.png to look at. The same app by keyboard alone is
 * app-keyboard.e2e.test.ts; the world both look at is tests/helpers/app-world.ts.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const teamName = `Access ${suffix}`;
const projectName = "Storefront";
const reviewTitle = "Checkout copy";
const invited = `a11y-invited-${stamp}-${suffix}@example.test`;

/** The team picker: its name is the action, then the team and project it shows. */
const PICKER = /^Select team or project: /;

describe(`accessibility of the app screens on ${testDatabaseLabel()}`, () => {
  const session = appWorldForThisFile({
    owner: { email: `a11y-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" },
    reviewer: {
      email: `a11y-reviewer-${stamp}-${suffix}@example.test`,
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
  const page = () => session().page;

  const SCREENS: { name: string; open: (s: AppScreens) => Promise<unknown> }[] = [
    { name: "overview", open: (s) => s.openOverview() },
    {
      // French has gaps: 'Empty' cells and the batch bar's 'Translate 2 missing'.
      name: "overview-french",
      open: async (s) => {
        await s.openOverview();
        await s.overview.languageTab("French").click();
        await expectVisible(s.overview.row("home.title").getByText("Empty"));
        await expectVisible(button(s.page, "Translate 2 missing"));
      },
    },
    {
      name: "overview-row-actions",
      open: async (s) => {
        await s.openOverview();
        await s.overview.row("checkout.pay").hover();
        await expectVisible(s.overview.rowAction("Edit German of checkout.pay"));
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
      name: "overview-history",
      open: async (s) => {
        await s.openOverview();
        await s.overview.row("checkout.title").hover();
        await s.overview.rowAction("History of German of checkout.title").click();
        await expectVisible(s.page.getByRole("list", { name: "Versions" }));
      },
    },
    {
      name: "overview-selection",
      open: async (s) => {
        await s.openOverview();
        await s.overview.selectBox("checkout.pay").click();
        await expectVisible(s.overview.selection);
      },
    },
    {
      name: "dialog-create-project",
      open: async (s) => {
        await s.openOverview();
        await s.openMenuItem(PICKER, `New Project in ${teamName}`);
        await expectVisible(s.dialog("Create Project"));
      },
    },
    { name: "dialog-settings-general", open: (s) => s.openSettings("General") },
    { name: "dialog-settings-languages", open: (s) => s.openSettings("Languages") },
    {
      name: "dialog-add-language",
      open: async (s) => {
        const settings = await s.openSettings("Languages");
        await button(settings, "Add Language").click();
        await expectVisible(s.dialog("Add Language").getByLabel("Search languages"));
      },
    },
    { name: "dialog-settings-api-access", open: (s) => s.openSettings("API Access") },
    {
      name: "dialog-settings-api-key-created",
      open: async (s) => {
        const settings = await s.openSettings("API Access");
        await settings.getByLabel(/Key name/).fill("CI");
        await button(settings, "Create API key").click();
        await expectVisible(button(settings, "Copy API key"));
      },
    },
    {
      name: "dialog-add-key",
      open: async (s) => {
        await s.openOverview();
        await s.openDialog(s.overview.toolbarButton("New"), "Add Translation Key");
      },
    },
    {
      name: "dialog-add-key-duplicate",
      open: async (s) => {
        await s.openOverview();
        const form = await s.openDialog(s.overview.toolbarButton("New"), "Add Translation Key");
        await form.getByLabel("Key name").fill("checkout.pay");
        await button(form, "Add Key").click();
        await expectVisible(form.getByText("A key with this name already exists in this project"));
      },
    },
    {
      name: "dialog-edit-key",
      open: async (s) => {
        await s.openOverview();
        await s.overview.row("checkout.pay").hover();
        await s.openDialog(s.overview.rowAction("Edit key checkout.pay"), "Edit Translation Key");
      },
    },
    {
      name: "dialog-delete-key",
      open: async (s) => {
        await s.openOverview();
        await s.overview.row("checkout.pay").hover();
        await s.overview.rowAction("Delete key checkout.pay").click();
        await expectVisible(s.page.getByRole("alertdialog", { name: "Delete key?" }));
      },
    },
    {
      name: "dialog-import",
      open: async (s) => {
        await s.openOverview();
        await s.openDialog(s.overview.toolbarButton("Import"), "Import translations");
      },
    },
    {
      name: "dialog-export",
      open: async (s) => {
        await s.openOverview();
        await s.openDialog(s.overview.toolbarButton("Export"), "Export translations");
      },
    },
    {
      name: "dialog-add-to-review",
      open: async (s) => {
        await s.openOverview();
        await s.overview.reviewSelection(["home.title"]);
      },
    },
    {
      name: "menu-team-picker",
      open: async (s) => {
        await s.openOverview();
        // Label in name (WCAG 2.5.3): what the picker shows is part of what it is called.
        await expectVisible(button(s.page, `Select team or project: ${teamName} / ${projectName}`));
        await button(s.page, PICKER).click();
        await expectVisible(s.page.getByRole("menu"));
      },
    },
    {
      name: "menu-user",
      open: async (s) => {
        await s.openOverview();
        await button(s.page, "User menu").click();
        await expectVisible(s.page.getByRole("menuitem", { name: "Edit Profile" }));
      },
    },
    {
      name: "dialog-edit-profile",
      open: async (s) => {
        await s.openOverview();
        await s.openMenuItem("User menu", "Edit Profile");
        await expectVisible(s.dialog("Edit Profile"));
      },
    },
    {
      name: "dialog-create-team",
      open: async (s) => {
        await s.openOverview();
        await s.openMenuItem(PICKER, "New Team");
        await expectVisible(s.dialog("Create Team"));
      },
    },
    { name: "reviews", open: (s) => s.openReviews() },
    {
      name: "dialog-create-review",
      open: async (s) => {
        await s.openReviews();
        await s.openDialog(button(s.page, "New"), "Create Review");
      },
    },
    { name: "review-detail", open: (s) => s.openReview() },
    {
      name: "review-needs-changes",
      open: async (s) => {
        await s.openReview();
        await s.review.approval("Needs changes", "German", "checkout.pay").click();
        await expectVisible(s.page.getByRole("textbox", { name: /Comment/ }));
      },
    },
    {
      name: "dialog-edit-review",
      open: async (s) => {
        await s.openReview();
        await s.openDialog(button(s.page, "Edit review"), "Edit review");
      },
    },
    {
      name: "dialog-add-review-keys",
      open: async (s) => {
        await s.openReview();
        await s.openDialog(button(s.page, "Add key"), "Add keys");
      },
    },
    { name: "team", open: (s) => s.openTeam() },
    {
      name: "dialog-invite",
      open: async (s) => {
        await s.openTeam();
        await s.openDialog(button(s.page, "Invite"), "Invite Team Member");
      },
    },
    {
      // The form's server-error banner, with the invite request answered 500 by the test.
      name: "dialog-invite-server-error",
      open: async (s) => {
        await s.openTeam();
        const form = await s.openDialog(button(s.page, "Invite"), "Invite Team Member");
        await s.page.route(`${session().app.url}/api/teams/*/invites`, (route) =>
          route.request().method() === "POST"
            ? route.fulfill({
                status: 500,
                contentType: "application/json",
                body: JSON.stringify({ error: { code: "internal", message: "Mail server down" } }),
              })
            : route.fallback(),
        );
        try {
          await form.getByLabel("Email").fill(`someone-${suffix}@example.test`);
          await button(form, "Send invite").click();
          await expectVisible(form.getByRole("alert"));
        } finally {
          await s.page.unrouteAll();
        }
      },
    },
    {
      name: "dialog-edit-team",
      open: async (s) => {
        await s.openTeam();
        await s.openDialog(button(s.page, "Edit"), "Edit Team");
      },
    },
    { name: "tone", open: (s) => s.openTone() },
  ];

  describe("axe: no serious or critical WCAG 2.1 A/AA violation", () => {
    it.each(SCREENS)("$name", async ({ name, open }) => {
      await open(screens());
      await expectNoSeriousViolations(page(), name);
    });
  });
});
