import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { fixtureCopy, runCli } from "../helpers/cli-run.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { ImportDialog } from "./pages/import-dialog.ts";
import { OverviewPage } from "./pages/overview-page.ts";

const git = promisify(execFile);

/**
 * Issue 39's journey: a developer's feature branch in git pushes its new text to the Sprog branch
 * of the same name (`"branch": "git"`), a translator translates it on that branch in the browser,
 * CI pulls main and gets none of it, the branch is compared, reviewed (the project asks for a
 * completed review before a merge) and merged in the browser, and main's next pull has it. The CLI is the shipped bin/sprog.mjs in its own Node process, in a real git
 * checkout.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `branch-owner-${stamp}-${suffix}@example.test`, firstName: "Bea", lastName: "Owner" };
const projectName = "CLI fixture app";
const BRANCH = "feature/checkout";

describe(`branches from a git checkout to main on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let dir = "";
  let apiKey = "";
  let projectId = "";

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, `Branches ${suffix}`);
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: projectName },
    });
    expect(project.status()).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    const languages = await context.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de"] },
    });
    expect(languages.status()).toBe(200);
    const key = await context.request.post(`${app.url}/api/projects/${projectId}/api-keys`, {
      data: { name: "CI", scopes: ["pull", "push"] },
    });
    expect(key.status()).toBe(201);
    apiKey = ((await key.json()) as { key: string }).key;
    dir = await fixtureCopy();
    const configPath = join(dir, "sprog.config.json");
    const config = JSON.parse(await readFile(configPath, "utf8")) as Record<string, unknown>;
    await writeFile(configPath, JSON.stringify({ ...config, branch: "git" }, null, 2));
    await git("git", ["init", "-q", "-b", "main"], { cwd: dir });
    await commit("the app");
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const step = journey("branches", () => page);
  const sprog = (...args: string[]) => runCli(dir, args, { SPROG_HOST: app.url, SPROG_API_KEY: apiKey });
  const locale = async (language: string) =>
    JSON.parse(await readFile(join(dir, `src/locales/${language}.json`), "utf8")) as Record<string, string>;
  const checkout = (...args: string[]) => git("git", ["checkout", "-q", ...args], { cwd: dir });
  async function commit(message: string) {
    await git("git", ["add", "-A"], { cwd: dir });
    const who = ["-c", "user.name=CI", "-c", "user.email=ci@example.test"];
    await git("git", [...who, "commit", "-q", "-m", message], { cwd: dir });
  }

  step("1. on git's main, CI pushes the app's strings to main", async () => {
    const run = await sprog("push");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("5 keys added");
  });

  step("2. on a feature branch, a new key goes to the Sprog branch of the same name", async () => {
    await checkout("-b", BRANCH);
    const en = await locale("en");
    await writeFile(
      join(dir, "src/locales/en.json"),
      JSON.stringify({ ...en, "checkout.pay": "Pay now" }, null, 2),
    );
    await commit("checkout: pay now");
    const run = await sprog("push");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Pushing to branch ${BRANCH}`);
    expect(run.stdout).toContain("1 key added");
  });

  step("3. the translator opens the branch: the new key is marked, and translated there", async () => {
    page = await context.newPage();
    const p = page;
    await p.goto(`${app.url}/app/overview?branch=${encodeURIComponent(BRANCH)}`);
    await expectVisible(p.getByText("Changes stay on this branch", { exact: false }));
    await expectVisible(p.getByRole("button", { name: `Branch: ${BRANCH}` }));
    const overview = new OverviewPage(p, app.url);
    await expectVisible(overview.row("checkout.pay").getByText("New"));
    await overview.editCell("checkout.pay", "selected", "German", "Jetzt bezahlen");
    await eventually(
      () => overview.cell("checkout.pay", "selected").innerText(),
      (text) => text.includes("Jetzt bezahlen"),
      "the German cell saved on the branch",
    );
  });

  step("4. back on git's main, CI pulls main: nothing of the branch is in it", async () => {
    await checkout("main");
    const run = await sprog("pull");
    expect(run.code).toBe(0);
    expect(await locale("en")).not.toHaveProperty("checkout.pay");
    expect(await locale("de")).not.toHaveProperty("checkout.pay");
  });

  step("5. the project asks for a review before merges: the branch's merge waits for one", async () => {
    const p = page as Page;
    await p.goto(`${app.url}/app/branches`);
    const requireReview = p.getByRole("switch", {
      name: "Merging requires a completed review of the branch's changes",
    });
    await requireReview.click();
    await eventually(
      () => requireReview.getAttribute("aria-checked"),
      (checked) => checked === "true",
      "the setting saved",
    );
    await p.getByRole("link", { name: BRANCH }).first().click();
    const diff = p.getByRole("article", { name: "checkout.pay" });
    await expectVisible(diff);
    await expectVisible(diff.getByText("Jetzt bezahlen"));
    await expectVisible(p.getByText("Merging needs a completed review of this branch's changes"));
    expect(await p.getByRole("button", { name: "Merge into main" }).isDisabled()).toBe(true);
  });

  step("6. a review of the branch's changes reads the branch's texts, and is completed", async () => {
    const p = page as Page;
    await p.getByRole("button", { name: "Request a review of these changes" }).click();
    await expectVisible(p.getByRole("heading", { name: `Changes on ${BRANCH}`, exact: true }));
    await expectVisible(p.getByText("On branch", { exact: false }));
    const row = p.locator('table[aria-label="Review keys"] tr[data-key="checkout.pay"]');
    await expectVisible(row.getByText("Jetzt bezahlen"));
    await p.getByRole("button", { name: "Approve German of checkout.pay", exact: true }).click();
    await expectVisible(row.getByRole("img", { name: "Approved" }));
    // The page shows the review done at once (optimistic); the next step loads another page, which
    // would cancel the save still on its way under load: the server's answer is awaited first.
    const saved = p.waitForResponse(
      (answer) =>
        answer.request().method() === "PATCH" &&
        /\/api\/reviews\/[^/]+$/.test(new URL(answer.url()).pathname),
    );
    await p.getByRole("button", { name: "Mark as done", exact: true }).click();
    await expectVisible(p.getByRole("button", { name: "Re-open review", exact: true }));
    expect((await saved).status()).toBe(200);
  });

  step("7. the reviewed branch is merged in the browser", async () => {
    const p = page as Page;
    await p.goto(`${app.url}/app/branches`);
    await p.getByRole("link", { name: BRANCH }).first().click();
    await expectVisible(p.getByRole("article", { name: "checkout.pay" }));
    await p.getByRole("button", { name: "Merge into main" }).click();
    await expectVisible(p.getByRole("region", { name: "Merged" }));
    await expectVisible(p.getByText("1 key added", { exact: false }));
  });

  step("8. main's next pull has the branch's key and its translation", async () => {
    const run = await sprog("pull");
    expect(run.code).toBe(0);
    expect(await locale("en")).toMatchObject({ "checkout.pay": "Pay now" });
    expect(await locale("de")).toMatchObject({ "checkout.pay": "Jetzt bezahlen" });
    const list = await sprog("branch", "list");
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(BRANCH);
  });

  step(
    "9. a file imported on the branch's Overview lands on the branch; main's pull does not have it",
    async () => {
      const p = page as Page;
      await p.goto(`${app.url}/app/overview?branch=${encodeURIComponent(BRANCH)}`);
      await expectVisible(p.getByText("Changes stay on this branch", { exact: false }));
      const imports = new ImportDialog(p, `${app.url}/api/projects/${projectId}/import`);
      const file = { "checkout.pay": "Jetzt zahlen" };
      const imported = await imports.importFile(
        { name: "de.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) },
        { guess: "de", language: "de", overwrite: true },
      );
      expect(imported).toMatchObject({ result: { keysAdded: 0, translationsAdded: 1 } });
      const overview = new OverviewPage(p, app.url);
      await eventually(
        () => overview.cell("checkout.pay", "selected").innerText(),
        (text) => text.includes("Jetzt zahlen"),
        "the branch's German cell after the import",
      );
      const run = await sprog("pull");
      expect(run.code).toBe(0);
      expect(await locale("de")).toMatchObject({ "checkout.pay": "Jetzt bezahlen" });
    },
  );
});
