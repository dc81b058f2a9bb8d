import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { expectVisible, journey, reportProblems } from "../helpers/e2e.ts";
import { buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { button } from "./pages/common.ts";

/**
 * The e-mail address in Edit Profile (issue 34; spec point 5 validates it there), in Chromium
 * against the real server and the test SMTP server: the field, its validation message, the 'check
 * your inbox' state after a change, then the link from the mail, opened in another browser, makes
 * the new address the account's; the old address is told. At 1280 px and on a phone.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `mail-${name}-${stamp}-${suffix}@example.test`;

describe(`changing the e-mail address in Edit Profile on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let current: Page | undefined;

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("email-change", () => current);

  for (const [label, viewport] of [
    ["1280", { width: 1280, height: 800 }],
    ["375", { width: 375, height: 812 }],
  ] as const) {
    const before = address(`before-${label}`);
    const after = address(`after-${label}`);
    let context: BrowserContext;
    let page: Page;

    step(`${label} px: Edit Profile has the e-mail field, with the spec's validation message`, async () => {
      context = await browser.newContext({ viewport });
      const user = await buildUser(app, { email: before, firstName: "Emil", lastName: "Mover" });
      await buildTeam(await signInAs(user, { context }), { name: `Movers ${label} ${suffix}` });
      page = await context.newPage();
      reportProblems(page);
      current = page;
      await page.goto(`${app.url}/app/overview`);
      await button(page, "User menu").click();
      await page.getByRole("menuitem", { name: "Edit Profile" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Profile" });
      await expectVisible(dialog);
      const email = dialog.getByLabel("Email", { exact: true });
      expect(await email.inputValue()).toBe(before);
      await email.fill("emil@nowhere");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expectVisible(dialog.getByText("Email is invalid", { exact: true }));
      await email.fill("");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expectVisible(dialog.getByText("Email is required", { exact: true }));
    });

    step(`${label} px: a new address gets a link and the dialog says to check that inbox`, async () => {
      const dialog = page.getByRole("dialog", { name: "Edit Profile" });
      await dialog.getByLabel("Email", { exact: true }).fill(after);
      await dialog.getByRole("button", { name: "Save" }).click();
      const status = dialog.getByRole("status");
      await expectVisible(status.getByText("Check your inbox"));
      expect(await status.textContent()).toContain(`We sent a confirmation link to ${after}.`);
      const sent = await mail.waitForMail(after);
      expect(sent.subject).toBe("Confirm your new e-mail address for Sprog");
      await dialog.getByRole("button", { name: "Done" }).click();
      await dialog.waitFor({ state: "hidden" });
      // Nothing changed yet.
      await button(page, "User menu").click();
      await expectVisible(page.getByRole("menu").getByText(before, { exact: true }));
      await page.keyboard.press("Escape");
    });

    step(`${label} px: opening the link (signed out, another browser) changes the address`, async () => {
      const [sent] = mail.mailsTo(after);
      const link = sent?.text?.match(/https?:\/\/\S+\/confirm-email\?token=[\w-]+/)?.[0] ?? "";
      expect(link).not.toBe("");
      const elsewhere = await browser.newContext({ viewport });
      const opened = await elsewhere.newPage();
      reportProblems(opened);
      current = opened;
      await opened.goto(link);
      await expectVisible(opened.getByRole("status").getByText(after, { exact: true }));
      expect(await opened.getByRole("status").textContent()).toContain("Your e-mail address is now");
      await elsewhere.close();

      const notice = await mail.waitForMail(before);
      expect(notice.subject).toBe("Your Sprog e-mail address was changed");
      // The signed-in browser shows the new address after a reload.
      current = page;
      await page.reload();
      await button(page, "User menu").click();
      await expectVisible(page.getByRole("menu").getByText(after, { exact: true }));
      await context.close();
    });
  }
});
