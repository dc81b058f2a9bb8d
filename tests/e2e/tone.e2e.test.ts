import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, type E2ePerson, joinTeam, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * The Tone of voice tab in Chromium against the real server (spec points 2, 5 and 6): the owner
 * writes the product context (Ctrl+Enter), adds a section with a rule and deletes another, and a
 * reload shows them; a reviewer sees the same tone read-only.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `tone-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const reviewer = {
  email: `tone-reviewer-${stamp}-${suffix}@example.test`,
  firstName: "Rita",
  lastName: "Reviewer",
};
const teamName = `Tone ${suffix}`;

describe(`tone of voice on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let page: Page | undefined;
  let teamId = "";

  const signUp = (context: BrowserContext, person: E2ePerson) => signUpInContext(context, app, mail, person);

  beforeAll(async () => {
    mail = await startMailServer();
    const env: Record<string, string> = { SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" };
    app = await startAppServer(env);
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    reviewerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });

    await signUp(ownerContext, owner);
    teamId = await createTeamInContext(ownerContext, app, teamName);
    const project = await ownerContext.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: "Website" },
    });
    expect(project.status()).toBe(201);

    await signUp(reviewerContext, reviewer);
    await joinTeam(app, teamId, reviewer.email, "reviewer");
  });

  afterAll(async () => {
    await reviewerContext?.close().catch(() => {});
    await ownerContext?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("tone", () => page);
  const toast = (on: Page, text: string | RegExp) =>
    on.locator("[data-sonner-toast]").filter({ hasText: text });
  const productContext = (on: Page) => on.getByRole("textbox", { name: "Product Context" });
  const brandTone = (on: Page) => on.getByRole("textbox", { name: "Brand Tone" });
  const sections = (on: Page) => on.locator('[data-testid="tone-section"]');

  step("1. the owner writes the product context and saves it with Ctrl+Enter", async () => {
    page = await ownerContext.newPage();
    await page.goto(`${app.url}/app/tone`);
    await expectVisible(productContext(page));
    expect(await productContext(page).getAttribute("placeholder")).toBe(
      "Describe your product or service...",
    );
    expect(await brandTone(page).getAttribute("placeholder")).toBe("Describe your brand tone and voice...");
    await productContext(page).fill("  A budgeting app for families  ");
    await productContext(page).press("Control+Enter");
    await expectVisible(toast(page, "Product context saved"));
    const settings = await ownerContext.request.get(`${app.url}/api/teams/${teamId}/tone`);
    expect(await settings.json()).toEqual({
      productContext: "A budgeting app for families",
      brandTone: null,
    });
  });

  step(
    "2. the owner adds a section, titles it and adds a trimmed rule (a blank one is ignored)",
    async () => {
      const p = page as Page;
      await p.getByRole("button", { name: "Add Section" }).click();
      await eventually(
        () => sections(p).count(),
        (n) => n === 1,
        "sections after Add Section",
      );
      const title = sections(p).getByLabel("Section title");
      expect(await title.inputValue()).toBe("Untitled Section");
      await title.fill("Errors");
      await title.press("Enter");
      // Saved: the delete button is named after the stored title.
      await expectVisible(p.getByRole("button", { name: "Delete section Errors" }));

      const addRule = sections(p).getByPlaceholder("Add rule...");
      await addRule.fill("   ");
      await addRule.press("Enter");
      await addRule.fill("  Apologise briefly  ");
      await addRule.press("Enter");
      const rules = p.getByRole("list", { name: "Rules of Errors" }).getByLabel("Rule", { exact: true });
      await eventually(
        () => rules.count(),
        (n) => n === 1,
        "rules after adding",
      );
      expect(await rules.first().inputValue()).toBe("Apologise briefly");

      // A second section, deleted through the confirmation.
      await p.getByRole("button", { name: "Add Section" }).click();
      await eventually(
        () => sections(p).count(),
        (n) => n === 2,
        "sections after the second Add Section",
      );
      await p.getByRole("button", { name: "Delete section Untitled Section" }).click();
      const confirm = p.getByRole("alertdialog");
      await expectVisible(
        confirm.getByText("Are you sure you want to delete this section? This action cannot be undone."),
      );
      await confirm.getByRole("button", { name: "Delete" }).click();
      await eventually(
        () => sections(p).count(),
        (n) => n === 1,
        "sections after deleting",
      );
    },
  );

  step("3. a reload shows the saved tone, and the search filters sections and rules", async () => {
    const p = page as Page;
    await p.reload();
    await expectVisible(productContext(p));
    await eventually(
      () => productContext(p).inputValue(),
      (v) => v === "A budgeting app for families",
      "product context after reload",
    );
    await expectVisible(p.getByRole("list", { name: "Rules of Errors" }));
    expect(await sections(p).getByLabel("Section title").inputValue()).toBe("Errors");
    expect(await sections(p).getByLabel("Rule", { exact: true }).inputValue()).toBe("Apologise briefly");

    const search = p.getByLabel("Search tone");
    await search.fill("APOLOGISE");
    await eventually(
      () => sections(p).count(),
      (n) => n === 1,
      "sections matching a rule",
    );
    await search.fill("nothing like this");
    await expectVisible(p.getByText("No sections or rules match your search."));
    await search.fill("");
    await eventually(
      () => sections(p).count(),
      (n) => n === 1,
      "sections without a search",
    );
    await p.close();
    page = undefined;
  });

  step("4. a reviewer sees the tone read-only", async () => {
    page = await reviewerContext.newPage();
    const rp = page;
    await rp.goto(`${app.url}/app/tone`);
    // Read-only as text, not as empty-looking textareas (issue 19).
    const block = (name: string) => rp.getByRole("region", { name, exact: true });
    await expectVisible(block("Product Context").getByText("A budgeting app for families", { exact: true }));
    await expectVisible(block("Brand Tone").getByText("Not set yet", { exact: true }));
    expect(await rp.getByRole("textbox").count()).toBe(0);
    await expectVisible(rp.getByRole("heading", { name: "Errors" }));
    await expectVisible(rp.getByText("Apologise briefly"));
    expect(await rp.getByRole("button", { name: "Add Section" }).count()).toBe(0);
    expect(await rp.getByRole("button", { name: "Save" }).count()).toBe(0);
    expect(await rp.getByPlaceholder("Add rule...").count()).toBe(0);
    expect(await rp.getByRole("button", { name: /^Delete section/ }).count()).toBe(0);
    expect(await rp.getByLabel("Section title").count()).toBe(0);

    // The server refuses what the UI hides (spec point 6).
    const change = await reviewerContext.request.put(`${app.url}/api/teams/${teamId}/tone`, {
      data: { brandTone: "Mine" },
    });
    expect(change.status()).toBe(403);
  });
});
