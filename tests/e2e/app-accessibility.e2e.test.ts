import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../src/web/lib/storage-keys.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseKind } from "../helpers/database.ts";
import { ARTIFACTS_DIR, expectPath, expectVisible, UI_TIMEOUT_MS } from "../helpers/e2e.ts";
import { createTeamInContext, joinTeam, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * Accessibility of the signed-in app (issue 7, "Quality"): axe finds no serious or critical WCAG 2.1
 * A/AA violation on Overview (keys table with rows, a cell editor open), Reviews, a review, Team and
 * Tone, nor with each of their dialogs and menus open; and the keyboard alone moves between the tabs
 * of the top nav, through a dialog (focus stays inside, Escape closes it and focus goes back to the
 * opener) and through the keys table (arrow keys between cells, Enter/Space to edit, Enter to save,
 * Escape to cancel). Every screen is saved as test-results/e2e/a11y-*.png to look at.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `a11y-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const reviewer = {
  email: `a11y-reviewer-${stamp}-${suffix}@example.test`,
  firstName: "Rita",
  lastName: "Reviewer",
};
const invited = `a11y-invited-${stamp}-${suffix}@example.test`;
const teamName = `Access ${suffix}`;
const projectName = "Storefront";
const reviewTitle = "Checkout copy";
/** Two groups of keys; a French gap (an 'Empty' cell) and a German string missing its placeholder. */
const STRINGS: Record<string, Record<string, string>> = {
  "checkout.pay": { en: "Pay {amount}", de: "Jetzt zahlen", fr: "Payer {amount}" },
  "checkout.title": { en: "Checkout", de: "Kasse", fr: "Caisse" },
  "home.subtitle": { en: "Everything in one place", de: "Alles an einem Ort" },
  "home.title": { en: "Welcome", de: "Willkommen" },
};
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

describe(`accessibility of the app screens on ${testDatabaseKind() === "postgres" ? "PostgreSQL" : "PGlite"}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let reviewId = "";
  const keyIds: Record<string, string> = {};

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const request = context.request;
    const expectStatus = async (response: Awaited<ReturnType<typeof request.get>>, status: number) => {
      if (response.status() !== status) {
        expect.fail(`${response.url()}: ${response.status()} ${await response.text()}`);
      }
      return response;
    };

    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, teamName);
    const project = await expectStatus(
      await request.post(`${app.url}/api/teams/${teamId}/projects`, { data: { name: projectName } }),
      201,
    );
    const projectId = ((await project.json()) as { id: string }).id;
    await expectStatus(
      await request.put(`${app.url}/api/projects/${projectId}/languages`, {
        data: { languages: ["en", "de", "fr"] },
      }),
      200,
    );
    for (const [key, values] of Object.entries(STRINGS)) {
      const created = await expectStatus(
        await request.post(`${app.url}/api/projects/${projectId}/keys`, {
          data: { key, sourceValue: values.en },
        }),
        201,
      );
      const keyId = ((await created.json()) as { id: string }).id;
      keyIds[key] = keyId;
      for (const [language, value] of Object.entries(values)) {
        if (language === "en") continue;
        await expectStatus(
          await request.put(`${app.url}/api/keys/${keyId}/strings/${language}`, { data: { value } }),
          200,
        );
      }
    }
    const review = await expectStatus(
      await request.post(`${app.url}/api/projects/${projectId}/reviews`, {
        data: {
          title: reviewTitle,
          description: "The payment screens",
          keyIds: [keyIds["checkout.pay"], keyIds["checkout.title"]],
        },
      }),
      201,
    );
    reviewId = ((await review.json()) as { id: string }).id;
    await expectStatus(
      await request.put(`${app.url}/api/reviews/${reviewId}/approvals`, {
        data: { keyId: keyIds["checkout.title"], language: "de", state: "approved" },
      }),
      200,
    );
    await expectStatus(
      await request.put(`${app.url}/api/reviews/${reviewId}/approvals`, {
        data: {
          keyId: keyIds["checkout.pay"],
          language: "fr",
          state: "needs_changes",
          comment: "Too formal",
        },
      }),
      200,
    );
    await expectStatus(
      await request.put(`${app.url}/api/teams/${teamId}/tone`, {
        data: { productContext: "A shop for handmade goods", brandTone: "Warm and plain" },
      }),
      200,
    );
    await expectStatus(
      await request.post(`${app.url}/api/teams/${teamId}/tone/sections`, {
        data: { title: "Buttons", description: "Calls to action", rules: ["Use verbs", "Keep it short"] },
      }),
      201,
    );
    await expectStatus(
      await request.post(`${app.url}/api/teams/${teamId}/invites`, { data: { email: invited } }),
      201,
    );
    const reviewerContext = await browser.newContext();
    await signUpInContext(reviewerContext, app, mail, reviewer);
    await reviewerContext.close();
    await joinTeam(app, teamId, reviewer.email, "reviewer");

    // The owner's selection, as the picker would have stored it: this team, this project, German.
    const me = (await (await request.get(`${app.url}/api/me`)).json()) as { user: { id: string } };
    const userId = me.user.id;
    await context.addInitScript(
      (entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      },
      [
        [STORAGE_KEYS.selectedTeam(userId), teamId],
        [STORAGE_KEYS.selectedProject(userId), projectId],
        [STORAGE_KEYS.selectedLanguage(userId, projectId), "de"],
      ] as [string, string][],
    );

    page = await context.newPage();
    page.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
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

  // ---- locators and waits -------------------------------------------------------------------------

  /** The team picker: its name is the action, then the team and project it shows. */
  const PICKER = /^Select team or project: /;
  const button = (name: string | RegExp, scope: Page | Locator = page) =>
    scope.getByRole("button", { name, exact: typeof name === "string" });
  const dialog = (name: string) => page.getByRole("dialog", { name });
  const keyRow = (key: string) => page.locator(`table[aria-label="Translation keys"] tr[data-key="${key}"]`);
  /** The button that opens a cell's editor: column 1 is the source (English), 2 the selected language. */
  const cellTrigger = (key: string, column: 1 | 2) =>
    keyRow(key).locator("td").nth(column).locator("[data-cell-trigger]");
  const mainNav = () => page.getByRole("navigation", { name: "Main" });
  const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

  /** Waits for the finite animations (dialog scale-in, fades) so axe measures final colours. */
  const settle = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );

  async function openOverview() {
    await page.goto(`${app.url}/app/overview`);
    await expectVisible(cellTrigger("checkout.pay", 2));
  }
  async function openReviews() {
    await page.goto(`${app.url}/app/reviews`);
    await expectVisible(page.getByRole("link", { name: reviewTitle }));
  }
  async function openReview() {
    await page.goto(`${app.url}/app/review/${reviewId}`);
    await expectVisible(page.getByRole("heading", { name: reviewTitle, exact: true }));
    await expectVisible(page.locator('table[aria-label="Review keys"] tr[data-key="checkout.pay"]'));
  }
  async function openTeam() {
    await page.goto(`${app.url}/app/team`);
    await expectVisible(page.getByRole("list", { name: "Members" }).getByText("Rita Reviewer"));
    await expectVisible(page.getByRole("list", { name: "Invites" }).getByText(invited));
  }
  async function openTone() {
    await page.goto(`${app.url}/app/tone`);
    await expectVisible(page.getByRole("textbox", { name: "Product Context" }));
    await expectVisible(page.locator('[data-testid="tone-section"]').first());
  }
  async function openDialog(opener: Locator, name: string): Promise<Locator> {
    await opener.click();
    const opened = dialog(name);
    await expectVisible(opened);
    return opened;
  }
  async function openMenuItem(menuButton: string | RegExp, item: string | RegExp) {
    await button(menuButton).click();
    await page.getByRole("menuitem", { name: item }).click();
  }
  async function openSettings(section: "General" | "Languages" | "API Access") {
    await openOverview();
    const settings = await openDialog(button("Project settings"), "Project Settings");
    if (section !== "General") await button(section, settings).click();
    await expectVisible(
      section === "General"
        ? settings.getByLabel("Project name")
        : section === "Languages"
          ? settings.getByRole("list", { name: "Project languages" })
          : button("Create API key", settings),
    );
  }

  // ---- axe ----------------------------------------------------------------------------------------

  /** Saves a screenshot, then runs axe (WCAG 2.1 A and AA) on the whole page as it is now. */
  async function expectNoSeriousViolations(name: string) {
    await settle();
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `a11y-${name}.png`) });
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) =>
        [
          `${violation.id} [${violation.impact}] ${violation.help}`,
          ...violation.nodes.map((node) => {
            const why = node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? "";
            return `    ${node.target.join(" ")}${why ? ` — ${why}` : ""}`;
          }),
        ].join("\n"),
      );
    expect(serious, `axe on ${name} (${page.url()}):\n${serious.join("\n")}`).toEqual([]);
  }

  const SCREENS: { name: string; open: () => Promise<unknown> }[] = [
    { name: "overview", open: openOverview },
    {
      // French has gaps: 'Empty' cells and the batch bar's 'Translate 2 missing'.
      name: "overview-french",
      open: async () => {
        await openOverview();
        await page.getByRole("tab", { name: /French/ }).click();
        await expectVisible(keyRow("home.title").getByText("Empty"));
        await expectVisible(button("Translate 2 missing"));
      },
    },
    {
      name: "overview-row-actions",
      open: async () => {
        await openOverview();
        await keyRow("checkout.pay").hover();
        await expectVisible(button("Edit German of checkout.pay"));
      },
    },
    {
      name: "overview-cell-editor",
      open: async () => {
        await openOverview();
        await cellTrigger("checkout.title", 2).click();
        await expectVisible(page.getByLabel("German of checkout.title", { exact: true }));
      },
    },
    {
      name: "overview-history",
      open: async () => {
        await openOverview();
        await keyRow("checkout.title").hover();
        await button("History of German of checkout.title").click();
        await expectVisible(page.getByRole("list", { name: "Versions" }));
      },
    },
    {
      name: "overview-selection",
      open: async () => {
        await openOverview();
        await page.getByRole("checkbox", { name: "Select checkout.pay" }).click();
        await expectVisible(page.getByRole("region", { name: "Selection" }));
      },
    },
    {
      name: "dialog-create-project",
      open: async () => {
        await openOverview();
        await openMenuItem(PICKER, `New Project in ${teamName}`);
        await expectVisible(dialog("Create Project"));
      },
    },
    { name: "dialog-settings-general", open: () => openSettings("General") },
    { name: "dialog-settings-languages", open: () => openSettings("Languages") },
    {
      name: "dialog-add-language",
      open: async () => {
        await openSettings("Languages");
        await button("Add Language", dialog("Project Settings")).click();
        await expectVisible(dialog("Add Language").getByLabel("Search languages"));
      },
    },
    { name: "dialog-settings-api-access", open: () => openSettings("API Access") },
    {
      name: "dialog-settings-api-key-created",
      open: async () => {
        await openSettings("API Access");
        const settings = dialog("Project Settings");
        await settings.getByLabel(/Key name/).fill("CI");
        await button("Create API key", settings).click();
        await expectVisible(button("Copy API key", settings));
      },
    },
    {
      name: "dialog-add-key",
      open: async () => {
        await openOverview();
        await openDialog(button("New"), "Add Translation Key");
      },
    },
    {
      name: "dialog-add-key-duplicate",
      open: async () => {
        await openOverview();
        const form = await openDialog(button("New"), "Add Translation Key");
        await form.getByLabel("Key name").fill("checkout.pay");
        await button("Add Key", form).click();
        await expectVisible(form.getByText("A key with this name already exists in this project"));
      },
    },
    {
      name: "dialog-edit-key",
      open: async () => {
        await openOverview();
        await keyRow("checkout.pay").hover();
        await openDialog(button("Edit key checkout.pay"), "Edit Translation Key");
      },
    },
    {
      name: "dialog-delete-key",
      open: async () => {
        await openOverview();
        await keyRow("checkout.pay").hover();
        await button("Delete key checkout.pay").click();
        await expectVisible(page.getByRole("alertdialog", { name: "Delete key?" }));
      },
    },
    {
      name: "dialog-import",
      open: async () => {
        await openOverview();
        await openDialog(button("Import"), "Import translations");
      },
    },
    {
      name: "dialog-export",
      open: async () => {
        await openOverview();
        await openDialog(button("Export"), "Export translations");
      },
    },
    {
      name: "dialog-add-to-review",
      open: async () => {
        await openOverview();
        await page.getByRole("checkbox", { name: "Select home.title" }).click();
        await openDialog(button("Review", page.getByRole("region", { name: "Selection" })), "Add to Review");
      },
    },
    {
      name: "menu-team-picker",
      open: async () => {
        await openOverview();
        // Label in name (WCAG 2.5.3): what the picker shows is part of what it is called.
        await expectVisible(button(`Select team or project: ${teamName} / ${projectName}`));
        await button(PICKER).click();
        await expectVisible(page.getByRole("menu"));
      },
    },
    {
      name: "menu-user",
      open: async () => {
        await openOverview();
        await button("User menu").click();
        await expectVisible(page.getByRole("menuitem", { name: "Edit Profile" }));
      },
    },
    {
      name: "dialog-edit-profile",
      open: async () => {
        await openOverview();
        await openMenuItem("User menu", "Edit Profile");
        await expectVisible(dialog("Edit Profile"));
      },
    },
    {
      name: "dialog-create-team",
      open: async () => {
        await openOverview();
        await openMenuItem(PICKER, "New Team");
        await expectVisible(dialog("Create Team"));
      },
    },
    { name: "reviews", open: openReviews },
    {
      name: "dialog-create-review",
      open: async () => {
        await openReviews();
        await openDialog(button("New"), "Create Review");
      },
    },
    { name: "review-detail", open: openReview },
    {
      name: "review-needs-changes",
      open: async () => {
        await openReview();
        await button("Needs changes: German of checkout.pay").click();
        await expectVisible(page.getByRole("textbox", { name: /Comment/ }));
      },
    },
    {
      name: "dialog-edit-review",
      open: async () => {
        await openReview();
        await openDialog(button("Edit review"), "Edit review");
      },
    },
    {
      name: "dialog-add-review-keys",
      open: async () => {
        await openReview();
        await openDialog(button("Add key"), "Add keys");
      },
    },
    { name: "team", open: openTeam },
    {
      name: "dialog-invite",
      open: async () => {
        await openTeam();
        await openDialog(button("Invite"), "Invite Team Member");
      },
    },
    {
      // The form's server-error banner, with the invite request answered 500 by the test.
      name: "dialog-invite-server-error",
      open: async () => {
        await openTeam();
        const form = await openDialog(button("Invite"), "Invite Team Member");
        await page.route(`${app.url}/api/teams/*/invites`, (route) =>
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
          await button("Send invite", form).click();
          await expectVisible(form.getByRole("alert"));
        } finally {
          await page.unrouteAll();
        }
      },
    },
    {
      name: "dialog-edit-team",
      open: async () => {
        await openTeam();
        await openDialog(button("Edit"), "Edit Team");
      },
    },
    { name: "tone", open: openTone },
  ];

  describe("axe: no serious or critical WCAG 2.1 A/AA violation", () => {
    it.each(SCREENS)("$name", async ({ name, open }) => {
      await open();
      await expectNoSeriousViolations(name);
    });
  });

  // ---- keyboard -----------------------------------------------------------------------------------

  /** What has the focus, for failure messages: role, accessible name and where it is. */
  const describeFocus = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return "<body>";
      const role = element.getAttribute("role") ?? element.tagName.toLowerCase();
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 60);
      const where = element.closest("[role=dialog], [role=alertdialog], nav, table, header, main");
      return `${role} "${name}"${where ? ` in ${where.getAttribute("aria-label") ?? where.tagName.toLowerCase()}` : ""}`;
    });
  const isFocused = (locator: Locator) =>
    locator.evaluate((element) => element === document.activeElement).catch(() => false);
  async function expectFocused(locator: Locator, what: string) {
    // A state change (dialog closing, editor unmounting) settles within a frame or two.
    const deadline = Date.now() + UI_TIMEOUT_MS;
    while (!(await isFocused(locator))) {
      if (Date.now() > deadline) expect.fail(`${what}: the focus is on ${await describeFocus()}`);
      await page.waitForTimeout(50);
    }
  }
  /** Presses Tab (or Shift+Tab) until `target` has the focus; fails listing where the focus went. */
  async function tabTo(target: Locator, what: string, options: { back?: boolean; max?: number } = {}) {
    const visited: string[] = [];
    for (let presses = 0; presses < (options.max ?? 40); presses += 1) {
      await page.keyboard.press(options.back ? "Shift+Tab" : "Tab");
      if (await isFocused(target)) return;
      visited.push(await describeFocus());
    }
    expect.fail(`Tab never reached ${what}; the focus went through:\n  ${visited.join("\n  ")}`);
  }
  /** The focused element shows where the focus is: an outline (the design's focus-visible ring) or a ring shadow. */
  async function expectFocusRing(locator: Locator, what: string) {
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
  const focusInside = (scope: Locator) =>
    scope.evaluate((element) => element.contains(document.activeElement)).catch(() => false);
  /** Starts from the top of a freshly loaded page, as a keyboard user would. */
  async function fromTheTop() {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
  }

  describe("keyboard", () => {
    it("reaches the top nav's tabs with Tab and moves between Overview, Reviews, Team and Tone with Enter", async () => {
      await openOverview();
      await fromTheTop();
      const tab = (name: string) => mainNav().getByRole("link", { name, exact: true });
      await tabTo(tab("Overview"), "the Overview tab");
      await expectFocusRing(tab("Overview"), "the Overview tab");
      expect(await tab("Overview").getAttribute("aria-current")).toBe("page");

      await page.keyboard.press("Tab");
      await expectFocused(tab("Reviews"), "Tab after Overview");
      await page.keyboard.press("Enter");
      await expectPath(page, /^\/app\/reviews$/);
      await expectVisible(page.getByRole("link", { name: reviewTitle }));
      await expectFocused(tab("Reviews"), "after opening Reviews");
      expect(await tab("Reviews").getAttribute("aria-current")).toBe("page");

      await page.keyboard.press("Tab");
      await expectFocused(tab("Team"), "Tab after Reviews");
      await page.keyboard.press("Enter");
      await expectPath(page, /^\/app\/team$/);
      await expectVisible(page.getByRole("list", { name: "Members" }));

      await page.keyboard.press("Tab");
      await expectFocused(tab("Tone"), "Tab after Team");
      await page.keyboard.press("Enter");
      await expectPath(page, /^\/app\/tone$/);
      await expectVisible(page.getByRole("textbox", { name: "Product Context" }));
      expect(await tab("Tone").getAttribute("aria-current")).toBe("page");

      // Back to the Overview with Shift+Tab.
      await tabTo(tab("Overview"), "the Overview tab backwards", { back: true, max: 3 });
      await page.keyboard.press("Enter");
      await expectPath(page, /^\/app\/overview$/);
      await expectVisible(cellTrigger("checkout.pay", 2));
      expect(await tab("Overview").getAttribute("aria-current")).toBe("page");
    });

    it("a dialog opened with the keyboard keeps Tab and Shift+Tab inside; Escape closes it and focus returns to the opener", async () => {
      await openOverview();
      await fromTheTop();
      const opener = button("New");
      await tabTo(opener, "the New button");
      await expectFocusRing(opener, "the New button");
      await page.keyboard.press("Enter");
      const opened = dialog("Add Translation Key");
      await expectVisible(opened);
      await expectFocused(opened.getByLabel("Key name"), "the dialog's first field");

      const seen = new Set<string>();
      for (const key of [...Array(8).fill("Tab"), ...Array(8).fill("Shift+Tab")] as string[]) {
        await page.keyboard.press(key);
        const where = await describeFocus();
        seen.add(where);
        if (!(await focusInside(opened))) expect.fail(`${key} left the dialog: the focus is on ${where}`);
      }
      // Eight presses over fewer elements: Tab came round to the start again (it cycles).
      expect(seen.size).toBeLessThan(8);
      expect([...seen].some((where) => where.includes("Cancel"))).toBe(true);

      await page.keyboard.press("Escape");
      await opened.waitFor({ state: "hidden" });
      await expectFocused(opener, "after Escape");
    });

    it("Project Settings by keyboard: its sections are buttons, Escape returns to the settings button", async () => {
      await openOverview();
      await fromTheTop();
      const opener = button("Project settings");
      await tabTo(opener, "the Project settings button");
      await page.keyboard.press("Space");
      const settings = dialog("Project Settings");
      await expectVisible(settings);
      const languages = button("Languages", settings);
      await tabTo(languages, "the Languages section", { max: 6 });
      await page.keyboard.press("Enter");
      await expectVisible(settings.getByRole("list", { name: "Project languages" }));
      expect(await languages.getAttribute("aria-current")).toBe("page");
      expect(await focusInside(settings)).toBe(true);
      await page.keyboard.press("Escape");
      await settings.waitFor({ state: "hidden" });
      await expectFocused(opener, "after Escape");
    });

    it("Edit Profile from the user menu by keyboard; Escape returns to the menu button", async () => {
      await openOverview();
      await fromTheTop();
      const menuButton = button("User menu");
      await tabTo(menuButton, "the user menu");
      await page.keyboard.press("Enter");
      const item = page.getByRole("menuitem", { name: "Edit Profile" });
      await expectVisible(item);
      // Radix focuses the first item when the menu is opened from the keyboard.
      await expectFocused(item, "the first item of the opened menu");
      await page.keyboard.press("Enter");
      const profile = dialog("Edit Profile");
      await expectVisible(profile);
      await expectFocused(profile.getByLabel("First name"), "the dialog's first field");
      await page.keyboard.press("Escape");
      await profile.waitFor({ state: "hidden" });
      await expectFocused(menuButton, "after Escape");
    });

    it("the language tabs: arrow keys move between them, Enter selects", async () => {
      await openOverview();
      await fromTheTop();
      const tabs = page.getByRole("tablist", { name: "Languages" });
      const german = tabs.getByRole("tab", { name: /German/ });
      // Only the selected tab is in the Tab order (roving focus).
      await tabTo(german, "the selected language tab");
      await page.keyboard.press("ArrowRight");
      const french = tabs.getByRole("tab", { name: /French/ });
      await expectFocusRing(french, "ArrowRight from German");
      expect(await french.getAttribute("aria-selected")).toBe("false");
      await page.keyboard.press("Enter");
      await expectVisible(page.getByRole("columnheader", { name: "French" }));
      expect(await french.getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("ArrowLeft");
      await expectFocused(german, "ArrowLeft from French");
      await page.keyboard.press("Space");
      await expectVisible(page.getByRole("columnheader", { name: "German" }));
      expect(await german.getAttribute("aria-selected")).toBe("true");
    });

    it("the keys table: Tab enters it, arrow keys move between cells, Enter edits and saves, Escape cancels", async () => {
      await openOverview();
      await fromTheTop();
      await tabTo(page.getByRole("checkbox", { name: "Select all keys" }), "the table's Select all");
      await page.keyboard.press("Tab");
      await expectFocusRing(page.getByRole("checkbox", { name: "Select checkout.pay" }), "the first row");
      await page.keyboard.press("Space");
      await expectVisible(page.getByRole("region", { name: "Selection" }).getByText("1 key selected"));
      await page.keyboard.press("Space");
      await page.getByRole("region", { name: "Selection" }).waitFor({ state: "detached" });

      await tabTo(cellTrigger("checkout.pay", 1), "the English cell of checkout.pay", { max: 6 });
      expect(await cellTrigger("checkout.pay", 1).innerText()).toContain("Pay {amount}");
      await page.keyboard.press("ArrowRight");
      await expectFocusRing(cellTrigger("checkout.pay", 2), "ArrowRight: the German cell");
      await page.keyboard.press("ArrowDown");
      await expectFocused(cellTrigger("checkout.title", 2), "ArrowDown: the next key");
      // The group header row between checkout.* and home.* is skipped.
      await page.keyboard.press("ArrowDown");
      await expectFocused(cellTrigger("home.subtitle", 2), "ArrowDown across the group header");
      await page.keyboard.press("ArrowUp");
      await expectFocused(cellTrigger("checkout.title", 2), "ArrowUp");
      await page.keyboard.press("ArrowLeft");
      await expectFocused(cellTrigger("checkout.title", 1), "ArrowLeft: the English cell");
      await page.keyboard.press("ArrowRight");

      // Enter opens the editor with the focus in it; Enter saves and the focus comes back to the cell.
      await page.keyboard.press("Enter");
      const editor = page.getByRole("textbox", { name: "German of checkout.title", exact: true });
      await expectFocused(editor, "the opened editor");
      await page.keyboard.press("End");
      await page.keyboard.type(" bitte");
      await page.keyboard.press("Enter");
      await expectVisible(toast("Translation updated"));
      await editor.waitFor({ state: "detached" });
      await expectFocusRing(cellTrigger("checkout.title", 2), "after saving with Enter");
      expect(await cellTrigger("checkout.title", 2).innerText()).toContain("Kasse bitte");

      // Space opens it too; Escape discards the change and the focus comes back to the cell.
      await page.keyboard.press("Space");
      await expectFocused(editor, "the editor opened with Space");
      await page.keyboard.type(" nicht");
      await page.keyboard.press("Escape");
      await editor.waitFor({ state: "detached" });
      await expectFocused(cellTrigger("checkout.title", 2), "after Escape");
      expect(await cellTrigger("checkout.title", 2).innerText()).not.toContain("nicht");

      // The row's actions are reachable with Tab from the cell.
      await page.keyboard.press("Tab");
      await expectFocused(button("Copy German of checkout.title"), "Tab after the cell");
    });
  });
});
