import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseKind } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * The Team tab in Chromium against the real server, three people in three browser contexts
 * (spec points 2, 4, 5, 6, 8 and 9; issue 6): the owner invites two addresses (the mails arrive at
 * the test SMTP server), one signs up and one signs in from the mail and each sees 'You joined
 * {team}'; the owner makes one an admin, who then invites and withdraws an invite but changes no
 * roles; the reviewer gets no Invite, Edit or delete buttons; the search filters. A review across the
 * three: the reviewer selects two keys of the team's project in the Overview and puts them in a new
 * review (Review → Add to Review), the admin opens it from the Reviews tab and marks its languages
 * done one by one until it completes, the reviewer sees it completed (live) and re-opens it, and the
 * owner sees it pending with no language done. Then the owner removes the reviewer, renames the team
 * and deletes it, after which the first remaining team by name and its first project by name are
 * selected.
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
/** The project in the team under test that the review steps use: two languages, three keys. */
const projectName = "Catalog";
const reviewTitle = `Cart copy ${suffix}`;
const catalogStrings: Record<string, { en: string; de: string }> = {
  "cart.empty": { en: "Your cart is empty", de: "Dein Warenkorb ist leer" },
  "cart.checkout": { en: "Check out", de: "Zur Kasse" },
  "cart.total": { en: "Total", de: "Summe" },
};

describe(`the Team tab on ${testDatabaseKind() === "postgres" ? "PostgreSQL" : "PGlite"}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let ownerPage: Page | undefined;
  let alicePage: Page | undefined;
  let bobPage: Page | undefined;
  let current: Page | undefined;
  let bobReviewPage: Page | undefined;
  let aliceReviewPage: Page | undefined;

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
    await signUpInContext(ownerContext, app, mail, owner);
    await createTeamInContext(ownerContext, app, lastTeam);
    const beta = await createTeamInContext(ownerContext, app, nextTeam);
    for (const name of ["Zeppelin", "Apollo"]) {
      const project = await ownerContext.request.post(`${app.url}/api/teams/${beta}/projects`, {
        data: { name },
      });
      expect(project.status()).toBe(201);
    }
    const atlas = await createTeamInContext(ownerContext, app, teamName);
    // The team under test has one project (English and German, three keys) for the review steps.
    const catalog = await ownerContext.request.post(`${app.url}/api/teams/${atlas}/projects`, {
      data: { name: projectName },
    });
    expect(catalog.status()).toBe(201);
    const catalogId = ((await catalog.json()) as { id: string }).id;
    const languages = await ownerContext.request.put(`${app.url}/api/projects/${catalogId}/languages`, {
      data: { languages: ["en", "de"] },
    });
    expect(languages.status()).toBe(200);
    for (const [key, values] of Object.entries(catalogStrings)) {
      const created = await ownerContext.request.post(`${app.url}/api/projects/${catalogId}/keys`, {
        data: { key, sourceValue: values.en },
      });
      expect(created.status()).toBe(201);
      const keyId = ((await created.json()) as { id: string }).id;
      const saved = await ownerContext.request.put(`${app.url}/api/keys/${keyId}/strings/de`, {
        data: { value: values.de },
      });
      expect(saved.status()).toBe(200);
    }

    // Bob has an account already (and no team); Alice is new to Sprog.
    const elsewhere = await browser.newContext();
    await signUpInContext(elsewhere, app, mail, bob);
    await elsewhere.close();
  });

  afterAll(async () => {
    for (const context of [bobContext, aliceContext, ownerContext]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("team", () => current);
  const open = async (context: BrowserContext) => {
    const page = await context.newPage();
    page.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400 && response.url().includes("/api/")) {
        console.warn(`[e2e] ${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    current = page;
    return page;
  };
  const use = (page: Page | undefined) => {
    current = page;
    return page as Page;
  };
  const button = (on: Page, name: string | RegExp) =>
    on.getByRole("button", { name, exact: typeof name === "string" });
  const toast = (on: Page, text: string | RegExp) =>
    on.locator("[data-sonner-toast]").filter({ hasText: text });
  const members = (on: Page) => on.getByRole("list", { name: "Members" });
  const memberRow = (on: Page, name: string) => members(on).getByRole("listitem", { name, exact: true });
  const invites = (on: Page) => on.getByRole("list", { name: "Invites" });
  const inviteDialog = (on: Page) => on.getByRole("dialog", { name: "Invite Team Member" });
  const memberNames = (on: Page) =>
    members(on)
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
  const overviewRow = (on: Page, key: string) =>
    on.locator(`table[aria-label="Translation keys"] tr[data-key="${key}"]`);
  const reviewRow = (on: Page, key: string) =>
    on.locator(`table[aria-label="Review keys"] tr[data-key="${key}"]`);
  /** A section of the Reviews list (its heading carries the count); the list in it holds the reviews. */
  const section = (on: Page, name: "To do" | "Completed") =>
    on.getByRole("region", { name: new RegExp(`^${name}`) });
  const listed = (on: Page, name: "To do" | "Completed") =>
    section(on, name).getByRole("listitem").filter({ hasText: reviewTitle });
  const pill = (on: Page, language: string) =>
    on.getByRole("list", { name: "Mark as done" }).getByRole("button", { name: new RegExp(`^${language}`) });
  const pressed = (on: Page) =>
    Promise.all(["English", "German"].map((language) => pill(on, language).getAttribute("aria-pressed")));
  const reviewStatus = (on: Page, status: "To do" | "Completed") =>
    on.getByRole("region", { name: "Review details" }).getByText(status, { exact: true });
  const openReviewsTab = (on: Page) =>
    on.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reviews", exact: true }).click();
  /** Picks the team's project where a page offers it ('No project selected'). */
  const pickProject = async (on: Page) => {
    await expectVisible(on.getByText("No project selected"));
    await button(on, projectName).click();
    await on.getByText("No project selected").waitFor({ state: "detached" });
  };
  const goToTeam = async (on: Page) => {
    await on.goto(`${app.url}/app/team`);
    await expectVisible(on.getByRole("heading", { name: "Members", exact: true }));
  };
  const invite = async (on: Page, email: string) => {
    await button(on, "Invite").click();
    await expectVisible(inviteDialog(on));
    await inviteDialog(on).getByLabel("Email", { exact: true }).fill(email);
    await inviteDialog(on).getByRole("button", { name: "Send invite" }).click();
  };
  /**
   * Follows the link in the invite mail (sign-up for a new address, login for a known one) and signs
   * in with the invited address through the UI.
   */
  const joinFromMail = async (page: Page, person: typeof alice, known: boolean) => {
    const invited = await mail.waitForMail(person.email, { count: known ? 2 : 1 });
    expect(invited.subject).toMatch(/invited you to/);
    const link = invited.text?.match(/https?:\/\/\S+\/(signup|login)\b/)?.[0] ?? "";
    expect(link).toBe(`${app.url}/${known ? "login" : "signup"}`);
    await page.goto(link);
    // A known address had a code at sign-up: step over the server's 60 s wait between codes.
    if (known) app.clock.advance(61_000);
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
    await expectVisible(
      page.getByRole("button", { name: "Select team or project" }).filter({ hasText: teamName }),
    );
  };

  step("1. the owner alone: 'Owner', no invites, and the prompt to invite", async () => {
    const page = await open(ownerContext);
    ownerPage = page;
    await goToTeam(page);
    await expectVisible(
      page.getByRole("button", { name: "Select team or project" }).filter({ hasText: teamName }),
    );
    await expectVisible(memberRow(page, "Olga Owner").getByText("Owner", { exact: true }));
    expect(await memberRow(page, "Olga Owner").getByRole("combobox").count()).toBe(0);
    expect(await button(page, "Remove Olga Owner").count()).toBe(0);
    await expectVisible(page.getByText("No pending invites."));
    await expectVisible(page.getByText("Invite team members", { exact: true }));
    await expectVisible(page.getByText("Collaborate with your team by inviting them to join this workspace"));
    await expectVisible(button(page, "Invite members"));
    await expectVisible(button(page, "Edit"));
  });

  step("2. the invite dialog checks the address, then invites two people by e-mail", async () => {
    const page = use(ownerPage);
    await button(page, "Invite").click();
    const dialog = inviteDialog(page);
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
    await expectVisible(invites(page).getByRole("listitem", { name: alice.email }));

    await invite(page, bob.email);
    await inviteDialog(page).waitFor({ state: "hidden" });
    await invite(page, bob.email);
    await expectVisible(inviteDialog(page).getByText("User already has a pending invite"));
    await page.keyboard.press("Escape");
    await inviteDialog(page).waitFor({ state: "hidden" });
    await expectVisible(invites(page).getByRole("listitem", { name: bob.email }));
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
    await goToTeam(page);
    await expectVisible(memberRow(page, "Bob Reviewer"));
    await page.waitForTimeout(1000);
    expect(await toast(page, "You joined").count()).toBe(0);
  });

  step("5. the owner sees both as reviewers, no invites left, and makes Alice an admin", async () => {
    const page = use(ownerPage);
    await goToTeam(page);
    await expectVisible(memberRow(page, "Bob Reviewer"));
    expect(await memberNames(page)).toEqual(["Olga Owner", "Alice Admin", "Bob Reviewer"]);
    await expectVisible(page.getByText("No pending invites."));
    const aliceRole = page.getByLabel("Role of Alice Admin", { exact: true });
    expect(await aliceRole.inputValue()).toBe("reviewer");
    expect(await page.getByLabel("Role of Bob Reviewer", { exact: true }).inputValue()).toBe("reviewer");
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
      await goToTeam(page);
      await expectVisible(memberRow(page, "Bob Reviewer"));
      expect(await members(page).getByRole("combobox").count()).toBe(0);
      await expectVisible(memberRow(page, "Alice Admin").getByText("Admin", { exact: true }));
      await expectVisible(memberRow(page, "Olga Owner").getByText("Owner", { exact: true }));
      expect(await button(page, "Edit").count()).toBe(0);
      expect(await button(page, "Remove Olga Owner").count()).toBe(0);
      await expectVisible(button(page, "Remove Bob Reviewer"));

      await invite(page, carol);
      await inviteDialog(page).waitFor({ state: "hidden" });
      await expectVisible(invites(page).getByRole("listitem", { name: carol }));
      expect((await mail.waitForMail(carol)).subject).toBe(`Alice Admin invited you to ${teamName} on Sprog`);

      await button(page, `Remove invite for ${carol}`).click();
      const confirm = page.getByRole("alertdialog");
      await expectVisible(confirm.getByText("Are you sure you want to remove this invite?"));
      await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
      await confirm.waitFor({ state: "hidden" });
      await expectVisible(invites(page).getByRole("listitem", { name: carol }));
      await button(page, `Remove invite for ${carol}`).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expectVisible(page.getByText("No pending invites."));
    },
  );

  step(
    "7. Bob, a reviewer, has no Invite, Edit or delete buttons, and the dialog events do nothing",
    async () => {
      const page = use(bobPage);
      await goToTeam(page);
      await expectVisible(memberRow(page, "Alice Admin").getByText("Admin", { exact: true }));
      await expectVisible(memberRow(page, "Bob Reviewer").getByText("Reviewer", { exact: true }));
      expect(await button(page, "Invite").count()).toBe(0);
      expect(await button(page, "Edit").count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
      expect(await members(page).getByRole("combobox").count()).toBe(0);
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
    await goToTeam(page);
    await invite(page, dave);
    await inviteDialog(page).waitFor({ state: "hidden" });
    const search = page.getByLabel("Search members", { exact: true });
    await search.fill("ALICE");
    await eventually(
      () => memberNames(page),
      (names) => names.join() === "Alice Admin",
      "members matching",
    );
    await expectVisible(page.getByText("No pending invites."));
    await search.fill(`team-bob-${stamp}`);
    await eventually(
      () => memberNames(page),
      (names) => names.join() === "Bob Reviewer",
      "by e-mail",
    );
    await search.fill("dave");
    await expectVisible(page.getByText("No team members found."));
    await expectVisible(invites(page).getByRole("listitem", { name: dave }));
    // The window event the toolbar sends drives the screen from anywhere.
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("update-search-query", { detail: { searchQuery: "" } })),
    );
    await eventually(
      () => memberNames(page),
      (names) => names.length === 3,
      "all members again",
    );
    await search.fill("");
  });

  step("9. Bob, a reviewer, selects two keys in the Overview and puts them in a new review", async () => {
    const page = await open(bobContext);
    bobReviewPage = page;
    await page.goto(`${app.url}/app/overview`);
    await pickProject(page);
    await expectVisible(overviewRow(page, "cart.empty"));
    await page.getByRole("checkbox", { name: "Select cart.empty" }).click();
    await page.getByRole("checkbox", { name: "Select cart.total" }).click();
    const selection = page.getByRole("region", { name: "Selection" });
    await expectVisible(selection.getByText("2 keys selected"));
    await selection.getByRole("button", { name: "Review", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: "Add to Review" });
    await expectVisible(dialog);
    expect(await dialog.getByRole("radio", { name: /New review/ }).isChecked()).toBe(true);
    await dialog.getByLabel("Title").fill(reviewTitle);
    await dialog.getByRole("button", { name: "Create Review", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await expectVisible(toast(page, `Review “${reviewTitle}” created with 2 keys`));
    await selection.waitFor({ state: "detached" });

    await openReviewsTab(page);
    await expectPath(page, /^\/app\/reviews$/);
    await expectVisible(listed(page, "To do").getByRole("link", { name: reviewTitle }));
    await expectVisible(listed(page, "To do").getByText("2 keys"));
    await expectVisible(section(page, "Completed").getByText("No completed reviews yet."));
  });

  step(
    "10. Alice, an admin, opens it from the Reviews tab and marks the languages done until it completes",
    async () => {
      const page = await open(aliceContext);
      aliceReviewPage = page;
      await page.goto(`${app.url}/app/overview`);
      await openReviewsTab(page);
      await expectPath(page, /^\/app\/reviews$/);
      await pickProject(page);
      await listed(page, "To do").getByRole("link", { name: reviewTitle }).click();
      await expectPath(page, /^\/app\/review\/[0-9a-f-]{36}$/);
      await expectVisible(page.getByRole("heading", { name: reviewTitle, exact: true }));
      await expectVisible(page.getByRole("region", { name: "Review details" }).getByText("Bob Reviewer"));
      await expectVisible(reviewStatus(page, "To do"));
      await expectVisible(reviewRow(page, "cart.empty").getByText("Dein Warenkorb ist leer"));
      await expectVisible(reviewRow(page, "cart.total"));
      expect(await reviewRow(page, "cart.checkout").count()).toBe(0);
      expect(await pressed(page)).toEqual(["false", "false"]);

      await pill(page, "English").click();
      await expectVisible(toast(page, "Language marked as complete"));
      await eventually(
        () => pressed(page),
        (states) => states.join() === "true,false",
        "English done",
      );
      expect(await toast(page, "All languages completed!").count()).toBe(0);
      await pill(page, "German").click();
      await expectVisible(toast(page, "All languages completed! Task marked as done."));
      await expectVisible(button(page, "Re-open review"));
      await expectVisible(reviewStatus(page, "Completed"));
      expect(await pressed(page)).toEqual(["true", "true"]);

      await page.getByRole("link", { name: "All reviews" }).click();
      await expectPath(page, /^\/app\/reviews$/);
      await expectVisible(listed(page, "Completed").getByRole("link", { name: reviewTitle }));
      await expectVisible(section(page, "To do").getByText("Nothing to do."));
    },
  );

  step("11. Bob sees it completed without reloading and re-opens it: every language unmarked", async () => {
    const page = use(bobReviewPage);
    // Bob's Reviews list has stayed open since step 9: the change arrives live.
    await expectVisible(listed(page, "Completed").getByRole("link", { name: reviewTitle }));
    await expectVisible(section(page, "To do").getByText("Nothing to do."));
    await listed(page, "Completed").getByRole("link", { name: reviewTitle }).click();
    await expectPath(page, /^\/app\/review\/[0-9a-f-]{36}$/);
    await expectVisible(reviewStatus(page, "Completed"));
    expect(await pressed(page)).toEqual(["true", "true"]);
    await button(page, "Re-open review").click();
    await expectVisible(toast(page, "All languages unmarked"));
    await expectVisible(button(page, "Mark as done"));
    await expectVisible(reviewStatus(page, "To do"));
    expect(await pressed(page)).toEqual(["false", "false"]);

    // Alice's list, still open, follows.
    const alicesPage = use(aliceReviewPage);
    await expectVisible(listed(alicesPage, "To do").getByRole("link", { name: reviewTitle }));
  });

  step("12. the owner sees the review pending again, with no language done", async () => {
    const page = await open(ownerContext);
    await page.goto(`${app.url}/app/reviews`);
    await pickProject(page);
    await expectVisible(listed(page, "To do").getByRole("link", { name: reviewTitle }));
    await expectVisible(section(page, "Completed").getByText("No completed reviews yet."));
    await listed(page, "To do").getByRole("link", { name: reviewTitle }).click();
    await expectPath(page, /^\/app\/review\/[0-9a-f-]{36}$/);
    await expectVisible(page.getByRole("heading", { name: reviewTitle, exact: true }));
    await expectVisible(reviewStatus(page, "To do"));
    await expectVisible(button(page, "Mark as done"));
    expect(await button(page, "Re-open review").count()).toBe(0);
    expect(await pressed(page)).toEqual(["false", "false"]);
    await page.close();
  });

  step("13. the owner removes Bob after confirming; Bob is no longer in the team", async () => {
    const page = use(ownerPage);
    await button(page, "Remove Bob Reviewer").click();
    const confirm = page.getByRole("alertdialog");
    await expectVisible(confirm.getByText("Are you sure you want to remove this team member?"));
    await expectVisible(confirm.getByRole("button", { name: "Cancel", exact: true }));
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectVisible(toast(page, "Team member removed"));
    await eventually(
      () => memberNames(page),
      (names) => names.join() === "Olga Owner,Alice Admin",
      "members",
    );

    const bobsPage = use(bobPage);
    await bobsPage.goto(`${app.url}/app/team`);
    await expectVisible(bobsPage.getByText("Please select a team to view team members."));
  });

  step("14. Edit Team: Save waits for a change; the owner renames the team", async () => {
    const page = use(ownerPage);
    await button(page, "Edit").click();
    const dialog = page.getByRole("dialog", { name: "Edit Team" });
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
    await expectVisible(
      page.getByRole("button", { name: "Select team or project" }).filter({ hasText: renamedTeam }),
    );
  });

  step("15. the Team tab has no critical accessibility violations", async () => {
    const page = use(ownerPage);
    const results = await new AxeBuilder({ page }).include("main").analyze();
    const critical = results.violations
      .filter((violation) => violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
    expect(critical).toEqual([]);
  });

  step("16. deleting the team selects the first remaining team by name and its first project", async () => {
    const page = use(ownerPage);
    await button(page, "Edit").click();
    const dialog = page.getByRole("dialog", { name: "Edit Team" });
    await dialog.getByRole("button", { name: "Delete team", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete team?" });
    await expectVisible(confirm.getByText(/This action cannot be undone/));
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectVisible(toast(page, "Team deleted"));
    const picker = page.getByRole("button", { name: "Select team or project" });
    await expectVisible(picker.filter({ hasText: nextTeam }).filter({ hasText: "Apollo" }));
    await expectVisible(memberRow(page, "Olga Owner"));
    expect(await memberNames(page)).toEqual(["Olga Owner"]);

    // Alice was only in the deleted team.
    const alicesPage = use(alicePage);
    await alicesPage.goto(`${app.url}/app/team`);
    await expectVisible(alicesPage.getByText("Please select a team to view team members."));
  });
});
