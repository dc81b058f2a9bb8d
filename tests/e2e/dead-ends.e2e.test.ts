import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible, journeyOfPages } from "../helpers/e2e.ts";
import { signUpInContext } from "../helpers/e2e-users.ts";
import { buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { button, picker, toast } from "./pages/common.ts";
import { ImportDialog } from "./pages/import-dialog.ts";
import { OverviewPage } from "./pages/overview-page.ts";
import { TeamPage } from "./pages/team-page.ts";

/**
 * Findability and dead ends of issue 34, each as a person meets it in Chromium on the default test
 * server (billing off, no AI key):
 * 1. the invite dialog lets the inviter choose the role, and the person joins with it;
 * 2. with billing off the plan step says there are no paid plans and offers one 'Continue';
 * 3. a language is added from the Overview (empty project, and the language tabs), not only from
 *    Project Settings;
 * 5. Export's nested/flat choice follows the shape of the JSON file the project was imported from.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `dead-${name}-${stamp}-${suffix}@example.test`;
const owner = { email: address("owner"), firstName: "Olga", lastName: "Owner" };
const invitee = { email: address("ivan"), firstName: "Ivan", lastName: "Invited" };
const teamName = `Findable ${suffix}`;
const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };

describe(`dead ends and findability on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let ownerPage: Page | undefined;
  const projects: Record<string, string> = {};

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: desktop });
    const ownerApi = await signInAs(await buildUser(app, owner), { context: ownerContext });
    const teamId = (await buildTeam(ownerApi, { name: teamName })).id;
    // "A Solo" opens first (by name): a project with its source language only, and no keys.
    projects.solo = (await buildProject(ownerApi, teamId, { name: "A Solo" })).id;
    projects.nested = (await buildProject(ownerApi, teamId, { name: "B Nested", languages: ["de"] })).id;
  });

  afterAll(async () => {
    await ownerContext?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const { step, open, use } = journeyOfPages("dead-ends");

  step("1a. the owner invites someone as Admin, choosing the role in the invite dialog", async () => {
    const page = await open(ownerContext);
    ownerPage = page;
    const team = new TeamPage(page, app.url);
    await team.goto();
    await button(page, "Invite").click();
    const dialog = team.inviteDialog;
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(`joins ${teamName} with the role you choose here`));
    const role = dialog.getByLabel("Role", { exact: true });
    expect(await role.inputValue()).toBe("reviewer");
    expect(await role.locator("option").allTextContents()).toEqual(["Reviewer", "Admin"]);
    await dialog.getByLabel("Email", { exact: true }).fill(invitee.email);
    await role.selectOption({ label: "Admin" });
    await dialog.getByRole("button", { name: "Send invite" }).click();
    await expectVisible(toast(page, `Invite sent to ${invitee.email}`));
    await expectVisible(team.invite(invitee.email).getByText("as Admin"));
  });

  step("1b. the invited person signs in from the mail and is an admin of the team", async () => {
    await mail.waitForMail(invitee.email);
    const context = await browser.newContext({ viewport: desktop });
    const page = await open(context);
    await signUpInContext(context, app, mail, invitee);
    await page.goto(`${app.url}/app/overview`);
    await expectVisible(picker(page).filter({ hasText: teamName }));
    const team = new TeamPage(page, app.url);
    await team.goto();
    await expectVisible(team.member("Ivan Invited").getByText("Admin", { exact: true }));
    // An admin may invite: the button is there for them.
    await expectVisible(button(page, "Invite"));
    await context.close();

    const ownerTeam = new TeamPage(use(ownerPage), app.url);
    await ownerTeam.goto();
    await eventually(
      () => ownerTeam.roleOf("Ivan Invited").inputValue(),
      (value) => value === "admin",
      "the joined member's role in the owner's members list",
    );
  });

  for (const [label, viewport] of [
    ["1280", desktop],
    ["375", phone],
  ] as const) {
    step(`2. at ${label} px, with billing off the plan step says so and offers one 'Continue'`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await open(context);
      const person = { email: address(`plan-${label}`), firstName: "Paula", lastName: "Plan" };
      await signUpInContext(context, app, mail, person);
      await page.goto(`${app.url}/create-team`);
      await page.getByLabel("Team name", { exact: true }).fill(`Plan ${label} ${suffix}`);
      await button(page, "Complete Setup").click();
      await expectPath(page, /^\/choose-plan(\?|$)/);
      await expectVisible(page.getByText("Step 4 of 4"));
      await expectVisible(page.getByText("Paid plans are not available on this server", { exact: false }));
      await expectVisible(
        page.getByText("Everyone is on the free plan, with every feature.", { exact: false }),
      );
      expect(await page.getByText("pick a paid plan now", { exact: false }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Skip for now" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Choose/ }).count()).toBe(0);
      await button(page, "Continue").click();
      await expectPath(page, /^\/app\/overview(\?|$)/);
      await expectVisible(picker(page).filter({ hasText: `Plan ${label} ${suffix}` }));
      await context.close();
    });
  }

  step(
    "3a. a project with no language to translate into offers 'Add a language' on the Overview",
    async () => {
      const page = use(ownerPage);
      const overview = new OverviewPage(page, app.url);
      await page.goto(`${app.url}/app/overview?project=${projects.solo}`);
      await overview.expectFirstProject("A Solo");
      await button(page, "Add a language").first().click();
      const dialog = page.getByRole("dialog", { name: "Add Language" });
      await expectVisible(dialog);
      await dialog.getByLabel("Search languages", { exact: true }).fill("German");
      await dialog
        .getByRole("button", { name: /German/ })
        .first()
        .click();
      await expectVisible(toast(page, "German added"));
      await dialog.waitFor({ state: "hidden" });
      await expectVisible(overview.languageTab("German"));
    },
  );

  step("3b. the language tabs have '+ Add language', which adds a tab", async () => {
    const page = use(ownerPage);
    const overview = new OverviewPage(page, app.url);
    const add = page.getByRole("button", { name: "Add language", exact: true });
    await expectVisible(add);
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add Language" });
    await expectVisible(dialog);
    // What the project has is not offered again.
    await dialog.getByLabel("Search languages", { exact: true }).fill("German");
    await expectVisible(dialog.getByText("de-AT", { exact: true }));
    expect(await dialog.getByText("de", { exact: true }).count()).toBe(0);
    await dialog.getByLabel("Search languages", { exact: true }).fill("fr");
    await dialog.getByRole("button", { name: /^French\s*fr$/ }).click();
    await expectVisible(toast(page, "French added"));
    await expectVisible(overview.languageTab("French"));
    expect(await overview.languageTab(/./).count()).toBe(3);
  });

  step("3c. on a phone, '+ Add language' is there after the tabs and opens the same dialog", async () => {
    const phoneContext = await browser.newContext({
      viewport: phone,
      storageState: await ownerContext.storageState(),
    });
    const page = await open(phoneContext);
    await page.goto(`${app.url}/app/overview?project=${projects.solo}`);
    const overview = new OverviewPage(page, app.url);
    await expectVisible(overview.languageTab("French"));
    const add = page.getByRole("button", { name: "Add language", exact: true });
    await expectVisible(add);
    // Inside the screen, not pushed off to the side.
    const box = await add.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width);
    await add.click();
    await expectVisible(page.getByRole("dialog", { name: "Add Language" }));
    await phoneContext.close();
  });

  step(
    "5. Export preselects nested JSON for a project imported from a nested file, and writes it nested",
    async () => {
      const page = use(ownerPage);
      await page.goto(`${app.url}/app/overview?project=${projects.nested}`);
      await expectVisible(picker(page).filter({ hasText: "B Nested" }));
      const nestedFile = {
        home: { title: "Welcome", cta: { label: "Start" } },
        footer: { legal: "All rights reserved" },
      };
      const imports = new ImportDialog(page, `${app.url}/api/projects/${projects.nested}/import`);
      await imports.importFile(
        {
          name: "en.json",
          mimeType: "application/json",
          buffer: Buffer.from(JSON.stringify(nestedFile, null, 2)),
        },
        { guess: "en", language: "en" },
      );
      // A German string, which has no uploaded file of its own: its file follows the project's shape.
      const overview = new OverviewPage(page, app.url);
      await overview.languageTab("German").click();
      await expectVisible(overview.row("home.title"));
      await overview.editCell("home.title", "selected", "German", "Willkommen");
      await expectVisible(overview.cell("home.title", "selected").getByText("Willkommen"));

      await button(page, "Export").click();
      const dialog = page.getByRole("dialog", { name: "Export translations" });
      await expectVisible(dialog);
      const nested = dialog.getByRole("checkbox", { name: "Nested JSON" });
      await eventually(() => nested.isChecked(), Boolean, "'Nested JSON', preselected for a nested upload");
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: 60_000 }),
        dialog.getByRole("button", { name: "Export", exact: true }).click(),
      ]);
      const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
      const files = Object.fromEntries(
        Object.entries(zip).map(([path, bytes]) => [path.split("/").pop(), JSON.parse(strFromU8(bytes))]),
      );
      expect(files["en.json"]).toEqual(nestedFile);
      expect(files["de.json"]).toEqual({ home: { title: "Willkommen" } });
    },
  );
});
