import { randomBytes, randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * Reviews and approvals in Chromium against the real server (spec points 2–6 and 8, issue 6): the
 * owner selects keys in the Overview and puts them in a new review (Review → Add to Review), opens
 * it from the Reviews list, marks the languages done one by one until the review completes, re-opens
 * it, approves one translation and asks for changes on another, sees the verdict in the Overview,
 * edits the approved string (back to pending); the list's sections and search; Add key and taking a
 * key out; deleting a review, and an unknown one.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `reviews-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const projectName = "Shop";
const reviewTitle = "Checkout copy";
const strings: Record<string, Record<string, string>> = {
  "checkout.pay": { en: "Pay {amount}", de: "{amount} zahlen", fr: "Payer {amount}" },
  "checkout.title": { en: "Checkout", de: "Kasse", fr: "Caisse" },
  "home.title": { en: "Welcome", de: "Willkommen" },
};

describe(`Reviews on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let reviewPath = "";

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });

    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, `Reviews ${suffix}`);
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: projectName },
    });
    expect(project.status()).toBe(201);
    const projectId = ((await project.json()) as { id: string }).id;
    const languages = await context.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de", "fr"] },
    });
    expect(languages.status()).toBe(200);
    for (const [key, values] of Object.entries(strings)) {
      const created = await context.request.post(`${app.url}/api/projects/${projectId}/keys`, {
        data: { key, sourceValue: values.en },
      });
      expect(created.status()).toBe(201);
      const keyId = ((await created.json()) as { id: string }).id;
      for (const [language, value] of Object.entries(values)) {
        if (language === "en") continue;
        const saved = await context.request.put(`${app.url}/api/keys/${keyId}/strings/${language}`, {
          data: { value },
        });
        expect(saved.status()).toBe(200);
      }
    }
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("reviews", () => page);
  const on = () => page as Page;
  const button = (name: string | RegExp, scope: Page | Locator = on()) =>
    scope.getByRole("button", { name, exact: typeof name === "string" });
  const toast = (text: string) => on().locator("[data-sonner-toast]").filter({ hasText: text });
  const pills = () => on().getByRole("list", { name: "Mark as done" });
  const pill = (language: string) => pills().getByRole("button", { name: new RegExp(`^${language}`) });
  const pillItem = (language: string) =>
    pills()
      .getByRole("listitem")
      .filter({ has: on().getByRole("button", { name: new RegExp(`^${language}`) }) });
  const reviewRow = (key: string) => on().locator(`table[aria-label="Review keys"] tr[data-key="${key}"]`);
  const overviewRow = (key: string) =>
    on().locator(`table[aria-label="Translation keys"] tr[data-key="${key}"]`);
  const section = (name: string) => on().getByRole("list", { name: new RegExp(`^${name}`) });
  const openTab = async (name: "Overview" | "Reviews") => {
    await on().getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
  };

  step("1. the Reviews tab of a project without reviews shows 'No translation reviews'", async () => {
    page = await context.newPage();
    const p = on();
    p.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
    await p.goto(`${app.url}/app/overview`);
    // Nothing remembered yet: the team's first project opens by itself (issue 19).
    await expectVisible(overviewRow("checkout.pay"));
    await openTab("Reviews");
    await expectPath(p, /^\/app\/reviews$/);
    await expectVisible(p.getByText("No translation reviews"));
    await expectVisible(p.getByPlaceholder("Search reviews..."));
  });

  step("2. Overview: select two keys, Review → Add to Review → a new review (title required)", async () => {
    const p = on();
    await openTab("Overview");
    await expectVisible(overviewRow("checkout.pay"));
    await p.getByRole("checkbox", { name: "Select checkout.pay" }).click();
    await p.getByRole("checkbox", { name: "Select checkout.title" }).click();
    const selection = p.getByRole("region", { name: "Selection" });
    await expectVisible(selection.getByText("2 keys selected"));
    await button("Review", selection).click();

    const dialog = p.getByRole("dialog", { name: "Add to Review" });
    await expectVisible(dialog);
    expect(await dialog.getByRole("radio", { name: /New review/ }).isChecked()).toBe(true);
    await button("Create Review", dialog).click();
    await expectVisible(dialog.getByText("Title is required"));
    await dialog.getByLabel("Title").fill(`  ${reviewTitle}  `);
    await dialog.getByLabel(/Description/).fill("  The payment screens  ");
    await button("Create Review", dialog).click();
    await dialog.waitFor({ state: "hidden" });
    await expectVisible(toast(`Review “${reviewTitle}” created with 2 keys`));
    // The new review opens at once (issue 19).
    await expectPath(p, /^\/app\/review\/[0-9a-f-]{36}$/);
    await expectVisible(p.getByRole("heading", { name: reviewTitle, exact: true }));
    await expectVisible(reviewRow("checkout.pay"));
    // Back on the Overview, the selection is cleared: the keys are in the review.
    await openTab("Overview");
    await expectVisible(overviewRow("checkout.pay"));
    expect(await selection.count()).toBe(0);
  });

  step("3. the Reviews list shows it under To do; opening it shows its keys", async () => {
    const p = on();
    await openTab("Reviews");
    const link = section("To do").getByRole("link", { name: reviewTitle });
    await expectVisible(link);
    await expectVisible(section("To do").getByText("2 keys"));
    await link.click();
    await expectPath(p, /^\/app\/review\/[0-9a-f-]{36}$/);
    reviewPath = new URL(p.url()).pathname;

    await expectVisible(p.getByRole("heading", { name: reviewTitle, exact: true }));
    await expectVisible(p.getByText("The payment screens"));
    await expectVisible(p.getByText("Ada Owner").first());
    await expectVisible(p.getByText("Last updated"));
    await expectVisible(reviewRow("checkout.pay"));
    await expectVisible(reviewRow("checkout.title"));
    expect(await reviewRow("home.title").count()).toBe(0);
    await expectVisible(reviewRow("checkout.pay").getByText("{amount} zahlen"));
    await expectVisible(pillItem("German").getByText("0/2 approved"));
    await expectVisible(button("Mark as done"));
    await expectVisible(p.getByRole("link", { name: "All reviews" }));
  });

  step("4. marking the languages done one by one completes the review", async () => {
    const p = on();
    await pill("English").click();
    await expectVisible(toast("Language marked as complete"));
    expect(await pill("English").getAttribute("aria-pressed")).toBe("true");
    await pill("German").click();
    await eventually(
      () => pill("German").getAttribute("aria-pressed"),
      (pressed) => pressed === "true",
      "German marked done",
    );
    await pill("French").click();
    await expectVisible(toast("All languages completed! Task marked as done."));
    await expectVisible(button("Re-open review"));
    expect(await button("Mark as done").count()).toBe(0);
    // The server agrees (the answer replaced the optimistic state; a reload shows the same).
    await p.reload();
    await expectVisible(button("Re-open review"));
    expect(await pill("French").getAttribute("aria-pressed")).toBe("true");
  });

  step("5. re-opening the review unmarks every language", async () => {
    await button("Re-open review").click();
    await expectVisible(toast("All languages unmarked"));
    await expectVisible(button("Mark as done"));
    for (const language of ["English", "German", "French"]) {
      expect(await pill(language).getAttribute("aria-pressed")).toBe("false");
    }
  });

  step("6. approve one translation, mark another 'Needs changes' with a comment", async () => {
    const p = on();
    await button("Approve German of checkout.pay").click();
    await expectVisible(reviewRow("checkout.pay").getByRole("img", { name: "Approved" }));
    await expectVisible(pillItem("German").getByText("1/2 approved"));

    await button("Needs changes: French of checkout.title").click();
    const comment = p.getByRole("textbox", { name: /Comment/ });
    await expectVisible(comment);
    await comment.fill("Too formal, use “Paiement”");
    await button("Mark needs changes").click();
    await expectVisible(reviewRow("checkout.title").getByRole("img", { name: "Needs changes" }));
    await expectVisible(reviewRow("checkout.title").getByText("Too formal, use “Paiement”"));
    await expectVisible(pillItem("French").getByText("0/2 approved"));

    // Both verdicts are the server's now.
    await p.reload();
    await expectVisible(reviewRow("checkout.pay").getByRole("img", { name: "Approved" }));
    await expectVisible(reviewRow("checkout.title").getByRole("img", { name: "Needs changes" }));
    await expectVisible(pillItem("German").getByText("1/2 approved"));
  });

  step("7. the review detail has no critical accessibility violations", async () => {
    const results = await new AxeBuilder({ page: on() }).include("main").analyze();
    const critical = results.violations
      .filter((violation) => violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
    expect(critical).toEqual([]);
  });

  step("8. the Overview shows the verdicts in the cells", async () => {
    const p = on();
    await openTab("Overview");
    await p.getByRole("tab", { name: /German/ }).click();
    await expectVisible(overviewRow("checkout.pay").getByRole("img", { name: "Approved" }));
    expect(await overviewRow("checkout.title").getByRole("img").count()).toBe(0);
    await p.getByRole("tab", { name: /French/ }).click();
    await expectVisible(overviewRow("checkout.title").getByRole("img", { name: "Needs changes" }));
  });

  step("9. editing the approved string sends it back to pending", async () => {
    const p = on();
    await p.goto(`${app.url}${reviewPath}`);
    await expectVisible(reviewRow("checkout.pay").getByRole("img", { name: "Approved" }));
    await p.mouse.move(0, 0);
    await reviewRow("checkout.pay").hover();
    await button("Edit German of checkout.pay").click();
    const editor = p.getByLabel("German of checkout.pay", { exact: true });
    await expectVisible(editor);
    await editor.fill("Jetzt {amount} zahlen");
    await editor.press("Enter");
    await expectVisible(toast("Translation updated"));
    await expectVisible(reviewRow("checkout.pay").getByText("Jetzt {amount} zahlen"));
    await reviewRow("checkout.pay").getByRole("img", { name: "Approved" }).waitFor({ state: "detached" });
    await expectVisible(pillItem("German").getByText("0/2 approved"));
    // The verdict on the other string stays.
    await expectVisible(reviewRow("checkout.title").getByRole("img", { name: "Needs changes" }));

    await p.reload();
    await expectVisible(reviewRow("checkout.pay").getByText("Jetzt {amount} zahlen"));
    expect(await reviewRow("checkout.pay").getByRole("img", { name: "Approved" }).count()).toBe(0);
  });

  step("10. the Reviews list: New review, the avatar completes it, sections and search", async () => {
    const p = on();
    await p.getByRole("link", { name: "All reviews" }).click();
    await expectPath(p, /^\/app\/reviews$/);
    await button("New").click();
    const dialog = p.getByRole("dialog", { name: "Create Review" });
    await dialog.getByLabel("Title").fill("Home screen");
    await button("Create Review", dialog).click();
    // A new review opens (after the navigation delay); it has no keys yet, so nothing to mark done.
    await expectPath(p, /^\/app\/review\/[0-9a-f-]{36}$/);
    await expectVisible(p.getByRole("heading", { name: "Add keys to review" }));
    expect(await button("Mark as done").isDisabled()).toBe(true);
    await p.getByRole("link", { name: "All reviews" }).click();
    expect(await button("Mark Home screen as done").isDisabled()).toBe(true);

    // With a key it can be completed from the list.
    await section("To do").getByRole("link", { name: "Home screen" }).click();
    await expectVisible(p.getByRole("heading", { name: "Add keys to review" }));
    await button("Add key").first().click();
    const adding = p.getByRole("dialog", { name: "Add keys" });
    await adding.getByRole("checkbox", { name: "home.title" }).click();
    await button("Add key", adding).click();
    await adding.waitFor({ state: "hidden" });
    await expectVisible(reviewRow("home.title"));
    expect(await button("Mark as done").isDisabled()).toBe(false);
    await p.getByRole("link", { name: "All reviews" }).click();

    await button("Mark Home screen as done").click();
    await expectVisible(section("Completed").getByRole("link", { name: "Home screen" }));
    await expectVisible(section("To do").getByRole("link", { name: reviewTitle }));

    await p.getByLabel("Search reviews").fill("HOME");
    await expectVisible(section("Completed").getByRole("link", { name: "Home screen" }));
    expect(await p.getByRole("link", { name: reviewTitle }).count()).toBe(0);
    await p.getByLabel("Search reviews").fill("nothing like this");
    await expectVisible(p.getByText("No reviews match"));
    await p.getByLabel("Search reviews").fill("");

    // Completed for the server too.
    await p.reload();
    await expectVisible(section("Completed").getByRole("link", { name: "Home screen" }));
  });

  step("11. Add key adds a project key to the review; it can be taken out again", async () => {
    const p = on();
    await p.goto(`${app.url}${reviewPath}`);
    await expectVisible(reviewRow("checkout.pay"));
    await button("Add key").click();
    const dialog = p.getByRole("dialog", { name: "Add keys" });
    await expectVisible(dialog);
    // Keys already in the review are not offered.
    await expectVisible(dialog.getByRole("checkbox", { name: "home.title" }));
    expect(await dialog.getByRole("checkbox", { name: "checkout.pay" }).count()).toBe(0);
    await dialog.getByRole("checkbox", { name: "home.title" }).click();
    await button("Add key", dialog).click();
    await dialog.waitFor({ state: "hidden" });
    await expectVisible(reviewRow("home.title"));
    await expectVisible(pillItem("German").getByText("0/3 approved"));

    await reviewRow("home.title").hover();
    await button("Remove home.title from the review").click();
    await expectVisible(toast("home.title removed from the review"));
    await reviewRow("home.title").waitFor({ state: "detached" });
    await expectVisible(pillItem("German").getByText("0/2 approved"));
  });

  step("12. deleting a review after confirming; an unknown review shows 'Review not found'", async () => {
    const p = on();
    await p.getByRole("link", { name: "All reviews" }).click();
    await section("Completed").getByRole("link", { name: "Home screen" }).click();
    await expectVisible(p.getByRole("heading", { name: "Home screen", exact: true }));
    const missingPath = new URL(p.url()).pathname;
    await button("Delete review").click();
    const confirm = p.getByRole("alertdialog", { name: "Delete review?" });
    await button("Delete", confirm).click();
    await expectVisible(toast("Review deleted"));
    await expectPath(p, /^\/app\/reviews$/);
    await expectVisible(section("To do").getByRole("link", { name: reviewTitle }));
    expect(await p.getByRole("link", { name: "Home screen" }).count()).toBe(0);

    await p.goto(`${app.url}${missingPath}`);
    await expectVisible(p.getByText("Review not found"));
    await p.goto(`${app.url}/app/review/${randomUUID()}`);
    await expectVisible(p.getByText("Review not found"));
    await expectVisible(p.getByRole("link", { name: "All reviews" }));
  });
});
