import { createHmac, randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { fixtureCopy, runCli } from "../helpers/cli-run.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import {
  type ReceivedHook,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../helpers/webhook-receiver.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Issue 20's developer loop, as a team lives it: the owner makes a push + pull key in the browser,
 * CI runs `sprog push` of a small app's en.json, the owner translates in the browser, CI runs
 * `sprog pull` and gets de.json, a webhook receiver this test runs gets a signed delivery for each
 * step while a failing one gets retries of the same delivery, and `sprog check` fails on keys the
 * code uses but the project lacks. The CLI is the shipped bin/sprog.mjs in its own Node process.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `loop-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
// The fixture's sprog.config.json names its project: the CLI refuses a key of any other.
const projectName = "CLI fixture app";

describe(`the developer loop on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let projectId = "";
  let dir = "";
  let apiKey = "";
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    mail = await startMailServer();
    receiver = await startWebhookReceiver();
    app = await startAppServer({
      SMTP_URL: mail.url,
      MAIL_FROM: "Sprog <no-reply@sprog.test>",
      // The receiver listens on 127.0.0.1; retries come quickly here instead of after a minute.
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_RETRY_BASE_MS: "300",
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, `Loop ${suffix}`);
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: projectName },
    });
    expect(project.status()).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    const languages = await context.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de"] },
    });
    expect(languages.status()).toBe(200);
    dir = await fixtureCopy();
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await receiver?.close();
    await mail?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const step = journey("developer loop", () => page);
  const settings = (on: Page) => on.getByRole("dialog", { name: "Project Settings" });
  const sprog = (...args: string[]) => runCli(dir, args, { SPROG_HOST: app.url, SPROG_API_KEY: apiKey });
  const eventOf = (hook: ReceivedHook) => (JSON.parse(hook.body) as { event: string }).event;
  /** A receiver's check of a delivery: the HMAC of "<t>.<body>" with the hook's secret. */
  const signedBy = (hook: ReceivedHook, secret: string) => {
    const [t, v1] = String(hook.headers["x-sprog-signature"]).replace("t=", "").split(",v1=");
    return v1 === createHmac("sha256", secret).update(`${t}.${hook.body}`).digest("hex");
  };

  step("1. the owner makes a key that may push and pull, shown once", async () => {
    page = await context.newPage();
    const p = page;
    await p.goto(`${app.url}/app/overview`);
    await expectVisible(p.getByRole("heading", { name: projectName, exact: true }));
    await p.getByRole("button", { name: "Project settings", exact: true }).click();
    await settings(p).getByRole("button", { name: "API Access" }).click();
    await settings(p).getByLabel("Key name").fill("CI");
    await settings(p).getByRole("checkbox", { name: "Push" }).click();
    await settings(p).getByRole("button", { name: "Create API key" }).click();
    const field = settings(p).getByLabel("New API key");
    await expectVisible(field);
    apiKey = await field.inputValue();
    expect(apiKey).toMatch(/^sprog_/);
    await expectVisible(settings(p).getByText("Scopes: Pull, Push"));
  });

  step("2. two webhooks: one receiver that answers, one that fails", async () => {
    receiver.answer("/failing", 500, "down for maintenance");
    for (const [path, events] of [
      ["/team-tools", ["import.completed", "string.updated", "key.created"]],
      ["/failing", ["import.completed"]],
    ] as const) {
      const made = await context.request.post(`${app.url}/api/projects/${projectId}/webhooks`, {
        data: { url: `${receiver.url}${path}`, events },
      });
      expect(made.status()).toBe(201);
      secrets[path] = ((await made.json()) as { secret: string }).secret;
    }
    const p = page as Page;
    await p.keyboard.press("Escape");
  });

  step("3. CI pushes the app's en.json; the keys appear and the hook is told, signed", async () => {
    const run = await sprog("push");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Pushed 1 file, 5 keys added, 0 deleted.");
    const overview = new OverviewPage(page as Page, app.url);
    await expectVisible(overview.row("greeting"));
    const [imported] = await receiver.waitFor(
      "/team-tools",
      1,
      (hook) => eventOf(hook) === "import.completed",
    );
    expect(imported && signedBy(imported, secrets["/team-tools"] ?? "")).toBe(true);
    expect(JSON.parse(String(imported?.body))).toMatchObject({
      event: "import.completed",
      projectId,
      data: { keysAdded: 5 },
    });
  });

  step("4. the failing receiver gets the same delivery again, with backoff", async () => {
    const attempts = await receiver.waitFor("/failing", 2, () => true, 20_000);
    const ids = new Set(attempts.map((hook) => hook.headers["x-sprog-delivery"]));
    expect(ids.size).toBe(1);
    expect(attempts.every((hook) => signedBy(hook, secrets["/failing"] ?? ""))).toBe(true);
    expect((attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0)).toBeGreaterThanOrEqual(250);
  });

  step("5. the owner translates a key in the browser; the hook hears of it", async () => {
    const overview = new OverviewPage(page as Page, app.url);
    await overview.editCell("greeting", "selected", "German", "Hallo {name}");
    await eventually(
      () => overview.cell("greeting", "selected").innerText(),
      (text) => text.includes("Hallo {name}"),
      "the saved German cell",
    );
    const [updated] = await receiver.waitFor("/team-tools", 1, (hook) => eventOf(hook) === "string.updated");
    expect(updated && signedBy(updated, secrets["/team-tools"] ?? "")).toBe(true);
    expect(String(updated?.body)).toContain('"language":"de"');
  });

  step("6. CI pulls: de.json holds the translation, and status counts it", async () => {
    const run = await sprog("pull");
    expect(run.code).toBe(0);
    const de = JSON.parse(await readFile(join(dir, "src/locales/de.json"), "utf8")) as Record<string, string>;
    expect(de.greeting).toBe("Hallo {name}");
    expect(run.stdout).toContain("wrote src/locales/de.json");
    const again = await sprog("pull");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("not modified since the last pull");
    const status = await sprog("status");
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^de\s+5\s+1\s+4\s+0\s+0$/m);
  });

  step("7. sprog check fails on keys the code uses but the project lacks", async () => {
    const run = await sprog("check");
    expect(run.code).toBe(6);
    expect(run.stdout).toContain("error: 2 keys used in the code but missing in the project:");
    expect(run.stdout).toContain("cart.title");
  });

  step("8. a key that may only pull is refused a push, with the reason", async () => {
    const made = await context.request.post(`${app.url}/api/projects/${projectId}/api-keys`, {
      data: { name: "Read only", scopes: ["pull"] },
    });
    expect(made.status()).toBe(201);
    const readOnly = ((await made.json()) as { key: string }).key;
    const run = await runCli(dir, ["push"], { SPROG_HOST: app.url, SPROG_API_KEY: readOnly });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("This API key may not push");
  });
});
