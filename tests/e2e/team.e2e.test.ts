import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible, journeyOfPages } from "../helpers/e2e.ts";
import { buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { button, picker, toast } from "./pages/common.ts";
import { TeamPage } from "./pages/team-page.ts";

/**
 * The Team tab in Chromium against the real server, three people in three browser contexts
 * (spec points 2, 4, 5, 6, 8 and 9; issue 6): the owner invites two addresses (the mails arrive at
 * the test SMTP server), one signs up and one signs in from the mail and each sees 'You joined
 * {team}'; the owner makes one an admin, who then invites and withdraws an invite but changes no
 * roles; the reviewer gets no Invite, Edit or delete buttons; the search filters. Then the owner
 * removes the reviewer, renames the team and deletes it, after which the first remaining team by
 * name and its first project by name are selected. A review passed between the same three roles is
 * team-review.e2e.test.ts.
 *
 * The owner and Bob's existing account are made by the factories; Alice's and Bob's sign-ins from
 * their invite mails are real sign-ins by code, because joining by invite happens there.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `team-${name}-${stamp}-${suffix}@example.test`;
const owner = { email: address("owner"), firstName: "Olga", lastName: "Owner" };
const alice = { email: address("alice"), firstName: "Alice", lastName: "Admin" };
const bob = { email: address("bob"), firstName: "Bob", lastName: "Reviewer" };
const carol = address("carol");
const dave = address("dave");
const teamName = `Atlas ${suffix}`;
const renamedTeam = `Atlas Prime ${suffix}`;
const nextTeam = `Beta ${suffix}`;
const lastTeam = `Gamma ${suffix}`;

describe(`the Team tab on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let ownerPage: Page | undefined;
  let alicePage: Page | undefined;
  let bobPage: Page | undefined;

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    const options = { viewport: { width: 1400, height: 900 } };
    ownerContext = await browser.newContext(options);
    aliceContext = await browser.newContext(options);
    bobContext = await browser.newContext(options);

    // The owner has three teams; the Team tab shows the first by name (Atlas). Beta has two
    // projects, so that deleting Atlas shows which one comes first by name.
    const ownerApi = await signInAs(await buildUser(app, owner), { context: ownerContext });
    await buildTeam(ownerApi, { name: lastTeam });
    const beta = (await buildTeam(ownerApi, { name: nextTeam })).id;
    for (const name of ["Zeppelin", "Apollo"]) await buildProject(ownerApi, beta, { name });
    const atlas = (await buildTeam(ownerApi, { name: teamName })).id;
    // Atlas has a project too, so those who join it land on a project's Overview.
    await buildProject(ownerApi, atlas, { name: "Catalog", languages: ["de"] });

    // Bob has an account already (and no team); Alice is new to Sprog.
    await buildUser(app, bob);
  });

  afterAll(async () => {
    for (const context of [bobContext, aliceContext, ownerContext]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const { step, open, use } = journeyOfPages("team");
  const team = (on: Page) => new TeamPage(on, app.url);
  /**
   * Follows the link in the invite mail (sign-up for a new address, login for a known one) and signs
   * in with the invited address through the UI, by the code the mail server receives.
   */
  const joinFromMail = async (page: Page, person: typeof alice, known: boolean) => {
    const invited = await mail.waitForMail(person.email);
    expect(invited.subject).toMatch(/invited you to/);
    const link = invited.text?.match(/https?:\/\/\S+\/(signup|login)\b/)?.[0] ?? "";
    expect(link).toBe(`${app.url}/${known ? "login" : "signup"}`);
    await page.goto(link);
    const mailsBefore = mail.mailsTo(person.email).length;
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await button(page, "Continue").click();
    await expectPath(page, /^\/verify(\?|$)/);
    const code = await mail.codeFor(person.email, { count: mailsBefore + 1, timeoutMs: 15_000 });
    await page.getByLabel("Verification code", { exact: true }).fill(code);
    await button(page, "Verify").click();
    if (!known) {
      // New to Sprog: the name first; the team is there already, so no team to create.
      await expectPath(page, /^\/user-info(\?|$)/);
      await page.getByLabel("First name", { exact: true }).fill(person.firstName);
      await page.getByLabel("Last name", { exact: true }).fill(person.lastName);
      await button(page, "Continue").click();
    }
    await expectPath(page, /^\/app\/overview(\?|$)/);
    await expectVisible(toast(page, `You joined ${teamName}`));
    await expectVisible(picker(page).filter({ hasText: teamName }));
    // The team has a project: the first one opens, not 'No project selected' (issue 19).
    await expectVisible(page.getByRole("heading", { name: "Catalog", exact: true }));
  };

  step("1. the owner alone: 'Owner', no invites, and the prompt to invite", async () => {
    const page = await open(ownerContext);
    ownerPage = page;
    await team(page).goto();
    await expectVisible(picker(page).filter({ hasText: teamName }));
    await expectVisible(team(page).member("Olga Owner").getByText("Owner", { exact: true }));
    expect(await team(page).member("Olga Owner").getByRole("combobox").count()).toBe(0);
    expect(await team(page).removeMemberButton("Olga Owner").count()).toBe(0);
    await expectVisible(page.getByText("No pending invites."));
    await expectVisible(page.getByText("Invite team members", { exact: true }));
    await expectVisible(page.getByText("Collaborate with your team by inviting them to join this workspace"));
    await expectVisible(button(page, "Invite members"));
    await expectVisible(button(page, "Edit"));
  });

  step("2. the invite dialog checks the address, then invites two people by e-mail", async () => {
    const page = use(ownerPage);
    await button(page, "Invite").click();
    const dialog = team(page).inviteDialog;
    await expectVisible(dialog);
    await dialog.getByRole("button", { name: "Send invite" }).click();
    await expectVisible(dialog.getByText("Email is required"));
    await dialog.getByLabel("Email", { exact: true }).fill("not-an-address");
    await dialog.getByRole("button", { name: "Send invite" }).click();
    await expectVisible(dialog.getByText("Email is invalid"));
    await dialog.getByLabel("Email", { exact: true }).fill(owner.email);
    await dialog.getByRole("button", { name: "Send invite" }).click();
    await expectVisible(dialog.getByText("User is already a team member"));
    await dialog.getByLabel("Email", { exact: true }).fill(alice.email.toUpperCase());
    await dialog.getByRole("button", { name: "Send invite" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expectVisible(toast(page, `Invite sent to ${alice.email}`));
    await expectVisible(team(page).invite(alice.email));

    await team(page).sendInvite(bob.email);
    await team(page).inviteDialog.waitFor({ state: "hidden" });
    await team(page).sendInvite(bob.email);
    await expectVisible(team(page).inviteDialog.getByText("User already has a pending invite"));
    await page.keyboard.press("Escape");
    await team(page).inviteDialog.waitFor({ state: "hidden" });
    await expectVisible(team(page).invite(bob.email));
    // With invites pending, the prompt gives way to the list.
    expect(await page.getByText("Invite team members", { exact: true }).count()).toBe(0);

    const sent = await mail.waitForMail(alice.email);
    expect(sent.subject).toBe(`Olga Owner invited you to ${teamName} on Sprog`);
  });

  step("3. Alice signs up from the invite mail and sees 'You joined'", async () => {
    const page = await open(aliceContext);
    alicePage = page;
    await joinFromMail(page, alice, false);
  });

  step("4. Bob, who has an account, signs in from his invite mail, and is told once", async () => {
    const page = await open(bobContext);
    bobPage = page;
    await joinFromMail(page, bob, true);
    // The notice is not repeated on the next visit.
    await team(page).goto();
    await expectVisible(team(page).member("Bob Reviewer"));
    await page.waitForTimeout(1000);
    expect(await toast(page, "You joined").count()).toBe(0);
  });

  step("5. the owner sees both as reviewers, no invites left, and makes Alice an admin", async () => {
    const page = use(ownerPage);
    await team(page).goto();
    await expectVisible(team(page).member("Bob Reviewer"));
    expect(await team(page).memberNames()).toEqual(["Olga Owner", "Alice Admin", "Bob Reviewer"]);
    await expectVisible(page.getByText("No pending invites."));
    const aliceRole = team(page).roleOf("Alice Admin");
    expect(await aliceRole.inputValue()).toBe("reviewer");
    expect(await team(page).roleOf("Bob Reviewer").inputValue()).toBe("reviewer");
    await aliceRole.selectOption("admin");
    await expectVisible(toast(page, "Alice Admin is now Admin"));
    await eventually(
      () => aliceRole.inputValue(),
      (value) => value === "admin",
      "Alice's role",
    );
  });

  step(
    "6. Alice, now admin, invites and withdraws an invite, but sees no role dropdown or Edit",
    async () => {
      const page = use(alicePage);
      await team(page).goto();
      await expectVisible(team(page).member("Bob Reviewer"));
      expect(await team(page).members.getByRole("combobox").count()).toBe(0);
      await expectVisible(team(page).member("Alice Admin").getByText("Admin", { exact: true }));
      await expectVisible(team(page).member("Olga Owner").getByText("Owner", { exact: true }));
      expect(await button(page, "Edit").count()).toBe(0);
      expect(await team(page).removeMemberButton("Olga Owner").count()).toBe(0);
      await expectVisible(team(page).removeMemberButton("Bob Reviewer"));

      await team(page).sendInvite(carol);
      await team(page).inviteDialog.waitFor({ state: "hidden" });
      await expectVisible(team(page).invite(carol));
      expect((await mail.waitForMail(carol)).subject).toBe(`Alice Admin invited you to ${teamName} on Sprog`);

      await team(page).removeInviteButton(carol).click();
      const confirm = page.getByRole("alertdialog");
      await expectVisible(confirm.getByText("Are you sure you want to remove this invite?"));
      await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
      await confirm.waitFor({ state: "hidden" });
      await expectVisible(team(page).invite(carol));
      await team(page).removeInviteButton(carol).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expectVisible(page.getByText("No pending invites."));
    },
  );

  step(
    "7. Bob, a reviewer, has no Invite, Edit or delete buttons, and the dialog events do nothing",
    async () => {
      const page = use(bobPage);
      await team(page).goto();
      await expectVisible(team(page).member("Alice Admin").getByText("Admin", { exact: true }));
      await expectVisible(team(page).member("Bob Reviewer").getByText("Reviewer", { exact: true }));
      expect(await button(page, "Invite").count()).toBe(0);
      expect(await button(page, "Edit").count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
      expect(await team(page).members.getByRole("combobox").count()).toBe(0);
      await page.evaluate(() => {
        window.dispatchEvent(new CustomEvent("open-invite-dialog"));
        window.dispatchEvent(new CustomEvent("open-edit-team-dialog"));
      });
      await page.waitForTimeout(300);
      expect(await page.getByRole("dialog").count()).toBe(0);
    },
  );

  step("8. the owner's search filters members by name or e-mail and invites by e-mail", async () => {
    const page = use(ownerPage);
    await team(page).goto();
    await team(page).sendInvite(dave);
    await team(page).inviteDialog.waitFor({ state: "hidden" });
    const search = team(page).search;
    await search.fill("ALICE");
    await eventually(
      () => team(page).memberNames(),
      (names) => names.join() === "Alice Admin",
      "members matching",
    );
    await expectVisible(page.getByText("No pending invites."));
    await search.fill(`team-bob-${stamp}`);
    await eventually(
      () => team(page).memberNames(),
      (names) => names.join() === "Bob Reviewer",
      "by e-mail",
    );
    await search.fill("dave");
    await expectVisible(page.getByText("No team members found."));
    await expectVisible(team(page).invite(dave));
    // The window event the toolbar sends drives the screen from anywhere.
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("update-search-query", { detail: { searchQuery: "" } })),
    );
    await eventually(
      () => team(page).memberNames(),
      (names) => names.length === 3,
      "all members again",
    );
    await search.fill("");
  });

  step("9. the owner removes Bob after confirming; Bob is no longer in the team", async () => {
    const page = use(ownerPage);
    await team(page).removeMemberButton("Bob Reviewer").click();
    const confirm = page.getByRole("alertdialog");
    await expectVisible(confirm.getByText("Are you sure you want to remove this team member?"));
    await expectVisible(confirm.getByRole("button", { name: "Cancel", exact: true }));
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectVisible(toast(page, "Team member removed"));
    await eventually(
      () => team(page).memberNames(),
      (names) => names.join() === "Olga Owner,Alice Admin",
      "members",
    );

    const bobsPage = use(bobPage);
    await bobsPage.goto(`${app.url}/app/team`);
    await expectVisible(bobsPage.getByText("Please select a team to view team members."));
  });

  step("10. Edit Team: Save waits for a change; the owner renames the team", async () => {
    const page = use(ownerPage);
    await button(page, "Edit").click();
    const dialog = team(page).editTeamDialog;
    await expectVisible(dialog);
    const save = dialog.getByRole("button", { name: "Save", exact: true });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel("Team name", { exact: true }).fill("");
    await save.click();
    await expectVisible(dialog.getByText("Team name is required"));
    await dialog.getByLabel("Team name", { exact: true }).fill(teamName);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel("Team name", { exact: true }).fill(renamedTeam);
    await save.click();
    await dialog.waitFor({ state: "hidden" });
    await expectVisible(toast(page, "Team updated"));
    await expectVisible(picker(page).filter({ hasText: renamedTeam }));
  });

  step("11. the Team tab has no critical accessibility violations", async () => {
    const page = use(ownerPage);
    const results = await new AxeBuilder({ page }).include("main").analyze();
    const critical = results.violations
      .filter((violation) => violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
    expect(critical).toEqual([]);
  });

  step("12. deleting the team selects the first remaining team by name and its first project", async () => {
    const page = use(ownerPage);
    await button(page, "Edit").click();
    const dialog = team(page).editTeamDialog;
    await dialog.getByRole("button", { name: "Delete team", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete team?" });
    await expectVisible(confirm.getByText(/This action cannot be undone/));
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectVisible(toast(page, "Team deleted"));
    await expectVisible(picker(page).filter({ hasText: nextTeam }).filter({ hasText: "Apollo" }));
    await expectVisible(team(page).member("Olga Owner"));
    expect(await team(page).memberNames()).toEqual(["Olga Owner"]);
    // The Overview shows that project, not 'No project selected' (issue 19).
    await page.goto(`${app.url}/app/overview`);
    await expectVisible(page.getByRole("heading", { name: "Apollo", exact: true }));
    expect(await page.getByText("No project selected").count()).toBe(0);

    // Alice was only in the deleted team: no team, and the Overview offers to create one.
    const alicesPage = use(alicePage);
    await alicesPage.goto(`${app.url}/app/team`);
    await expectVisible(alicesPage.getByText("Please select a team to view team members."));
    await alicesPage.goto(`${app.url}/app/overview`);
    await expectVisible(alicesPage.getByText("No team selected"));
    await button(alicesPage, "Create Team").click();
    await expectPath(alicesPage, /^\/create-team$/);
  });
});
