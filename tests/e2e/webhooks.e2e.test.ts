import { createHmac, randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { expectNoSeriousViolations } from "../helpers/axe.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

/**
 * Project Settings → Webhooks in Chromium against the real server (issue 20): the owner adds a hook
 * pointing at a receiver this test runs (WEBHOOK_ALLOW_PRIVATE=1, it listens on 127.0.0.1), keeps
 * the signing secret shown once, sends a test that arrives signed and shows in the delivery log,
 * gets a new key's delivery, and deletes the hook after confirming.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `hook-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const projectName = "Website";

describe(`Webhooks on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let projectId = "";
  let secret = "";

  beforeAll(async () => {
    mail = await startMailServer();
    receiver = await startWebhookReceiver();
    app = await startAppServer({
      SMTP_URL: mail.url,
      MAIL_FROM: "Sprog <no-reply@sprog.test>",
      WEBHOOK_ALLOW_PRIVATE: "1",
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, `Hooks ${suffix}`);
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: projectName },
    });
    expect(project.status()).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await receiver?.close();
    await mail?.close();
  });

  const step = journey("webhooks", () => page);
  const settings = (on: Page) => on.getByRole("dialog", { name: "Project Settings" });
  const toast = (on: Page, text: string | RegExp) =>
    on.locator("[data-sonner-toast]").filter({ hasText: text });
  const hookUrl = () => `${receiver.url}/sprog`;

  step("1. the owner opens Project Settings → Webhooks and sees none yet", async () => {
    page = await context.newPage();
    const p = page;
    p.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
    await p.goto(`${app.url}/app/overview`);
    await expectVisible(p.getByRole("heading", { name: projectName, exact: true }));
    await p.getByRole("button", { name: "Project settings", exact: true }).click();
    await expectVisible(settings(p));
    await settings(p).getByRole("button", { name: "Webhooks" }).click();
    await expectVisible(settings(p).getByText("No webhooks yet"));
  });

  step("2. the owner adds a hook for key events and keeps the secret, shown once", async () => {
    const p = page as Page;
    await settings(p).getByLabel("Payload URL").fill(hookUrl());
    for (const event of ["string.updated", "import.completed", "batch.completed", "review.completed"]) {
      await settings(p).getByRole("checkbox", { name: event }).click();
    }
    await settings(p).getByRole("button", { name: "Add webhook" }).click();
    const field = settings(p).getByLabel("Signing secret", { exact: true });
    await expectVisible(field);
    secret = await field.inputValue();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const list = settings(p).getByRole("list", { name: "Webhooks" });
    await expectVisible(list.getByText(hookUrl()));
    await expectVisible(list.getByText("key.created, key.deleted"));
    await settings(p).getByRole("button", { name: "Done" }).click();
    await field.waitFor({ state: "detached" });
    expect(await p.content()).not.toContain(secret);
  });

  step("3. Send test arrives signed, and the delivery log shows it succeeded", async () => {
    const p = page as Page;
    await settings(p).getByRole("button", { name: "Send test" }).click();
    await expectVisible(toast(p, "Test delivery queued"));
    const [ping] = await receiver.waitFor("/sprog");
    const [t, v1] = String(ping?.headers["x-sprog-signature"]).replace("t=", "").split(",v1=");
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${ping?.body}`).digest("hex"));
    expect(JSON.parse(String(ping?.body))).toMatchObject({ event: "ping", projectId });
    const log = settings(p).getByRole("table", { name: "Delivery log" });
    await eventually(
      () => log.innerText(),
      (text) => text.includes("ping") && text.includes("Succeeded") && text.includes("200"),
      "the test delivery in the log",
    );
  });

  step("4. a new key is delivered to the hook", async () => {
    const made = await context.request.post(`${app.url}/api/projects/${projectId}/keys`, {
      data: { key: "checkout.title", sourceValue: "Checkout" },
    });
    expect(made.status()).toBe(201);
    const [created] = await receiver.waitFor(
      "/sprog",
      1,
      (hook) => JSON.parse(hook.body).event === "key.created",
    );
    expect(JSON.parse(String(created?.body)).data).toMatchObject({ key: "checkout.title" });
  });

  step("5. Webhooks has no serious or critical accessibility violations", async () => {
    await expectNoSeriousViolations(page as Page, "webhooks-settings");
  });

  step("6. the owner deletes the hook after confirming", async () => {
    const p = page as Page;
    await settings(p)
      .getByRole("button", { name: `Delete webhook ${hookUrl()}` })
      .click();
    const confirm = p.getByRole("alertdialog", { name: "Delete webhook?" });
    await expectVisible(confirm);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectVisible(toast(p, "Webhook deleted"));
    await expectVisible(settings(p).getByText("No webhooks yet"));
  });
});
