import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { requestOf } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { buildKey, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { type PullBody, pullFrom, refusedPull } from "../helpers/transfer.ts";

/**
 * Project Settings → API Access in Chromium against the real server (spec points 3, 6 and 7): the
 * owner creates a key, copies it (shown once), CI pulls the project's German JSON with it, the list
 * shows the use, and after revoking the key the pull gets 401.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `api-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const projectName = "Website";
const GERMAN_JSON: PullBody = { format: "json", placeholderFormat: "web", language: "de" };

describe(`API access on ${testDatabaseLabel()}`, () => {
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let apiKey = "";

  beforeAll(async () => {
    app = await startAppServer({});
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });

    const ownerApi = await signInAs(await buildUser(app, owner), { context });
    const team = await buildTeam(ownerApi, { name: `API ${suffix}` });
    const project = await buildProject(ownerApi, team.id, { name: projectName, languages: ["de"] });
    await buildKey(ownerApi, project.id, "greeting", {
      source: "Hello {name}",
      strings: { de: "Hallo {name}" },
    });
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  const step = journey("api-access", () => page);
  const settings = (on: Page) => on.getByRole("dialog", { name: "Project Settings" });
  const toast = (on: Page, text: string | RegExp) =>
    on.locator("[data-sonner-toast]").filter({ hasText: text });
  /** A pull as CI sends it: Node's fetch, no cookie, no Origin. */
  const pullGerman = (key: string) => pullFrom(app.url, GERMAN_JSON, { key });

  step("1. the owner opens Project Settings → API Access and sees no keys yet", async () => {
    page = await context.newPage();
    const p = page;
    p.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
    await p.goto(`${app.url}/app/overview`);
    // Nothing remembered yet: the team's first project opens by itself (issue 19).
    await expectVisible(p.getByRole("heading", { name: projectName, exact: true }));
    await p.getByRole("button", { name: "Project settings", exact: true }).click();
    await expectVisible(settings(p));
    await settings(p).getByRole("button", { name: "API Access" }).click();
    await expectVisible(settings(p).getByText("No API keys yet"));
    // The usage examples name this Sprog's own address.
    await expectVisible(settings(p).getByText(`${app.url}${requestOf(v1Contract.pull, {}).path}`));
  });

  step("2. the owner creates a key named CI and copies it: shown once", async () => {
    const p = page as Page;
    await settings(p).getByLabel("Key name").fill("CI");
    await settings(p).getByRole("button", { name: "Create API key" }).click();
    const field = settings(p).getByLabel("New API key");
    await expectVisible(field);
    await expectVisible(settings(p).getByText("Copy it now — you won't see it again."));
    apiKey = await field.inputValue();
    expect(apiKey).toMatch(/^sprog_[0-9a-f]{48}$/);
    await settings(p).getByRole("button", { name: "Copy API key" }).click();
    await expectVisible(toast(p, "API key copied to clipboard"));
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

    const list = settings(p).getByRole("list", { name: "API keys" });
    await expectVisible(list.getByText("CI", { exact: true }));
    await expectVisible(list.getByText(apiKey.slice(0, 12)));
    await expectVisible(list.getByText(/Never used/));
    // Shown once: Done hides it, and nothing on the page holds it any more.
    await settings(p).getByRole("button", { name: "Done" }).click();
    await settings(p).getByLabel("New API key").waitFor({ state: "detached" });
    expect(await p.content()).not.toContain(apiKey);
  });

  step("3. CI pulls the German JSON with the key", async () => {
    const answer = await pullGerman(apiKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="de.json"');
    expect(answer.json()).toEqual({ greeting: "Hallo {name}" });

    // The list shows the use after the settings reopen.
    const p = page as Page;
    await p.keyboard.press("Escape");
    await settings(p).waitFor({ state: "hidden" });
    await p.getByRole("button", { name: "Project settings", exact: true }).click();
    await settings(p).getByRole("button", { name: "API Access" }).click();
    const list = settings(p).getByRole("list", { name: "API keys" });
    await eventually(
      () => list.innerText(),
      (text) => text.includes("Last used"),
      "the key's last use",
    );
  });

  step("4. API Access has no critical accessibility violations", async () => {
    const p = page as Page;
    const results = await new AxeBuilder({ page: p }).include('[role="dialog"]').analyze();
    const critical = results.violations
      .filter((violation) => violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
    expect(critical).toEqual([]);
  });

  step("5. the owner revokes the key after confirming; the pull then gets 401", async () => {
    const p = page as Page;
    await settings(p)
      .getByRole("button", { name: /^Revoke CI/ })
      .click();
    const confirm = p.getByRole("alertdialog", { name: "Revoke API key?" });
    await expectVisible(confirm);
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expectVisible(toast(p, "API key revoked"));
    await expectVisible(settings(p).getByText("No API keys yet"));

    const answer = await refusedPull(app.url, GERMAN_JSON, { key: apiKey });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: { code: "unauthorized", message: "Invalid API key" } });
  });
});
