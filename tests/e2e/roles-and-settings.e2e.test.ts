import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { PSEUDO_NOTICE } from "../../src/shared/schemas/ai.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, type E2ePerson, joinTeam, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * Roles and Project Settings in Chromium against the real server (spec points 2, 4, 5 and 6): a
 * reviewer edits strings but gets none of the key, project or language management; the owner
 * renames the project and changes its placeholder format, renames a key (and meets the duplicate
 * name error), and deletes a project, after which the first other project of the team is selected.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `rs-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const reviewer = {
  email: `rs-reviewer-${stamp}-${suffix}@example.test`,
  firstName: "Rita",
  lastName: "Reviewer",
};
const teamName = `Roles ${suffix}`;
const projectName = "Website";
const renamedProject = "Storefront";
const keyName = "greeting.hello";
const renamedKey = "greeting.hi";
const otherKey = "farewell.bye";

describe(`roles and project settings on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let page: Page | undefined;
  let reviewerPage: Page | undefined;
  let teamId = "";
  let projectId = "";

  const signUp = (context: BrowserContext, person: E2ePerson) => signUpInContext(context, app, mail, person);

  async function createProject(name: string): Promise<string> {
    const created = await ownerContext.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  }

  async function newPage(context: BrowserContext): Promise<Page> {
    const opened = await context.newPage();
    opened.on("response", (response) => {
      if (response.status() >= 400 && response.status() !== 409 && response.url().includes("/api/")) {
        console.warn(`[e2e] ${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    return opened;
  }

  beforeAll(async () => {
    mail = await startMailServer();
    const env: Record<string, string> = { SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" };
    app = await startAppServer(env);
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    reviewerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });

    await signUp(ownerContext, owner);
    teamId = await createTeamInContext(ownerContext, app, teamName);

    // One project with English (source) and German, and two keys with source strings.
    projectId = await createProject(projectName);
    const languages = await ownerContext.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de"] },
    });
    expect(languages.status()).toBe(200);
    for (const [key, sourceValue] of [
      [keyName, "Hello {name}!"],
      [otherKey, "Goodbye"],
    ] as const) {
      const created = await ownerContext.request.post(`${app.url}/api/projects/${projectId}/keys`, {
        data: { key, sourceValue },
      });
      expect(created.status()).toBe(201);
    }

    // The second person joins the team as a reviewer, straight in the database.
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

  const step = journey("roles-and-settings", () => page ?? reviewerPage);
  const button = (on: Page, name: string | RegExp) =>
    on.getByRole("button", { name, exact: typeof name === "string" });
  const keyRow = (on: Page, key: string = keyName): Locator => on.locator(`tr[data-key="${key}"]`);
  /** Row actions render for the row under the pointer: move away first so the hover is a real move. */
  const hoverKeyRow = async (on: Page, key: string = keyName) => {
    await on.mouse.move(0, 0);
    await keyRow(on, key).hover();
  };
  const toast = (on: Page, text: string | RegExp) =>
    on.locator("[data-sonner-toast]").filter({ hasText: text });
  const settingsDialog = (on: Page) => on.getByRole("dialog", { name: "Project Settings" });
  const openSettings = async (on: Page) => {
    await button(on, "Project settings").click();
    await expectVisible(settingsDialog(on));
  };
  const closeSettings = async (on: Page) => {
    await on.keyboard.press("Escape");
    await settingsDialog(on).waitFor({ state: "hidden" });
  };
  const picker = (on: Page) => on.getByRole("button", { name: "Select team or project" });
  const ownerPage = () => page as Page;
  const keyIdOf = async (key: string) => {
    const keys = await ownerContext.request.get(`${app.url}/api/projects/${projectId}/keys`);
    const found = ((await keys.json()) as { keys: { id: string; key: string }[] }).keys.find(
      (k) => k.key === key,
    );
    return found?.id ?? "";
  };

  step("1a. a reviewer sees the keys, but no New/Import/Export and no key edit/delete actions", async () => {
    const rp = await newPage(reviewerContext);
    reviewerPage = rp;
    await rp.goto(`${app.url}/app/overview`);
    // Nothing remembered yet for this user: the team's first project opens by itself (issue 19).
    await expectVisible(rp.getByRole("heading", { name: projectName, exact: true }));
    await expectVisible(keyRow(rp));
    await expectVisible(keyRow(rp, otherKey));
    await expectVisible(rp.getByRole("tab", { name: /German/, selected: true }));

    // The toolbar is there (search, settings), but without the key management buttons.
    await expectVisible(rp.getByLabel("Search keys"));
    await expectVisible(button(rp, "Project settings"));
    // Spec point 6: Import, Export and New need canManageKeys.
    for (const name of ["New", "Import", "Export"]) {
      expect(await button(rp, name).count(), `'${name}' for a reviewer`).toBe(0);
    }

    // The hovered row shows the cell actions, but not the key's edit and delete icons.
    await hoverKeyRow(rp);
    await expectVisible(button(rp, `Edit German of ${keyName}`));
    expect(await button(rp, `Edit key ${keyName}`).count()).toBe(0);
    expect(await button(rp, `Delete key ${keyName}`).count()).toBe(0);
    expect(await rp.getByTitle("Edit key").count()).toBe(0);
    expect(await rp.getByTitle("Delete key").count()).toBe(0);
  });

  step("1b. the reviewer edits and saves a translation cell", async () => {
    const rp = reviewerPage as Page;
    await hoverKeyRow(rp);
    await button(rp, `Edit German of ${keyName}`).click();
    const editor = rp.getByLabel(`German of ${keyName}`, { exact: true });
    await expectVisible(editor);
    await editor.fill("Hallo {name}!");
    await editor.press("Enter");
    await expectVisible(toast(rp, /^(Saved|Translation updated)$/));
    await editor.waitFor({ state: "hidden" });
    await eventually(
      () => keyRow(rp).locator("td").nth(2).innerText(),
      (text) => text.includes("Hallo {name}!"),
      "the reviewer's saved cell",
    );
    // Stored on the server, not only shown.
    const keys = await reviewerContext.request.get(`${app.url}/api/projects/${projectId}/keys`);
    expect(keys.status()).toBe(200);
    expect(JSON.stringify(await keys.json())).toContain("Hallo {name}!");
  });

  step(
    "1b2. the reviewer translates a German cell with AI (pseudo-localization, clearly labelled)",
    async () => {
      const rp = reviewerPage as Page;
      // The set-up note is for owners and admins (issue 19); the reviewer sees the cell's label.
      await expectVisible(keyRow(rp, otherKey));
      expect(await rp.getByText(PSEUDO_NOTICE).count()).toBe(0);
      await hoverKeyRow(rp, otherKey);
      await button(rp, `Translate German of ${otherKey}`).click();
      await expectVisible(toast(rp, "Translation updated"));
      // Pseudo-localized: accented and bracketed, so it is plainly not the English source.
      await eventually(
        () => keyRow(rp, otherKey).locator("td").nth(2).innerText(),
        (text) => text.includes("Ĝóóðƀýé") || /^\[Ĝ/.test(text.trim()),
        "the AI-translated cell",
      );
      const history = await reviewerContext.request.get(
        `${app.url}/api/keys/${await keyIdOf(otherKey)}/strings/de/history`,
      );
      expect(((await history.json()) as { entries: { origin: string }[] }).entries[0]?.origin).toBe("pseudo");
      await expectVisible(keyRow(rp, otherKey).locator('[data-machine="pseudo"]'));
    },
  );

  step("1c. the reviewer's Project Settings offer no rename, delete or language changes", async () => {
    const rp = reviewerPage as Page;
    await openSettings(rp);
    const settings = settingsDialog(rp);
    const name = settings.getByLabel("Project name");
    await expectVisible(name);
    expect(await name.isDisabled(), "the project name field for a reviewer").toBe(true);
    expect(await settings.getByLabel("Placeholder format").isDisabled()).toBe(true);
    expect(await settings.getByRole("button", { name: "Save" }).count()).toBe(0);
    expect(await settings.getByRole("button", { name: /Delete project/ }).count()).toBe(0);
    expect(await settings.getByRole("button", { name: "API Access" }).count()).toBe(0);

    await settings.getByRole("button", { name: "Languages" }).click();
    const list = settings.getByRole("list", { name: "Project languages" });
    await expectVisible(list.getByText("German"));
    expect(await settings.getByRole("button", { name: /Add Language/ }).count()).toBe(0);
    expect(await settings.getByRole("button", { name: /^Delete / }).count()).toBe(0);
    expect(await settings.getByRole("button", { name: /^Move / }).count()).toBe(0);
    expect(await settings.getByRole("button", { name: /^Delete all .* translations$/ }).count()).toBe(0);
    await closeSettings(rp);

    // The server refuses what the UI hides (spec point 6).
    const rename = await reviewerContext.request.patch(`${app.url}/api/projects/${projectId}`, {
      data: { name: "Hijacked" },
    });
    expect(rename.status()).toBe(403);
    const setLanguages = await reviewerContext.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en"] },
    });
    expect(setLanguages.status()).toBe(403);
    await rp.close();
    reviewerPage = undefined;
  });

  step("2. the owner renames the project and changes its placeholder format", async () => {
    page = await newPage(ownerContext);
    const p = ownerPage();
    await p.goto(`${app.url}/app/overview`);
    await expectVisible(p.getByRole("heading", { name: projectName, exact: true }));
    await expectVisible(keyRow(p));

    await openSettings(p);
    const settings = settingsDialog(p);
    const name = settings.getByLabel("Project name");
    await expectVisible(name);
    expect(await name.inputValue()).toBe(projectName);
    const format = settings.getByLabel("Placeholder format");
    expect(await format.inputValue()).toBe("web");
    await name.fill(renamedProject);
    await format.selectOption({ label: "iOS — %@" });
    await settings.getByRole("button", { name: "Save" }).click();
    await expectVisible(toast(p, "Project updated"));
    await closeSettings(p);

    await expectVisible(p.getByRole("heading", { name: renamedProject, exact: true }));
    await eventually(
      () => picker(p).innerText(),
      (text) => text.includes(renamedProject) && !text.includes(projectName),
      "the top bar picker",
    );

    // Persisted: after a reload the settings show the new name and format.
    await p.reload();
    await expectVisible(p.getByRole("heading", { name: renamedProject, exact: true }));
    await openSettings(p);
    await expectVisible(settingsDialog(p).getByLabel("Project name"));
    expect(await settingsDialog(p).getByLabel("Project name").inputValue()).toBe(renamedProject);
    expect(await settingsDialog(p).getByLabel("Placeholder format").inputValue()).toBe("ios");
    await closeSettings(p);
  });

  step("3a. the owner renames a key through its edit action ('Key updated')", async () => {
    const p = ownerPage();
    await expectVisible(keyRow(p));
    await hoverKeyRow(p);
    await button(p, `Edit key ${keyName}`).click();
    const dialog = p.getByRole("dialog", { name: "Edit Translation Key" });
    await expectVisible(dialog);
    const field = dialog.getByLabel("Key name");
    expect(await field.inputValue()).toBe(keyName);
    await field.fill(renamedKey);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectVisible(toast(p, "Key updated"));
    await dialog.waitFor({ state: "hidden" });
    await expectVisible(keyRow(p, renamedKey));
    await keyRow(p, keyName).waitFor({ state: "hidden" });
    // The strings stay with the renamed key.
    await eventually(
      () => keyRow(p, renamedKey).locator("td").nth(2).innerText(),
      (text) => text.includes("Hallo {name}!"),
      "the renamed key's German string",
    );
  });

  step("3b. renaming a key to an existing name is refused", async () => {
    const p = ownerPage();
    await hoverKeyRow(p, renamedKey);
    await button(p, `Edit key ${renamedKey}`).click();
    const dialog = p.getByRole("dialog", { name: "Edit Translation Key" });
    await expectVisible(dialog);
    await dialog.getByLabel("Key name").fill(otherKey);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectVisible(dialog.getByText("A key with this name already exists in this project"));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expectVisible(keyRow(p, renamedKey));
    await expectVisible(keyRow(p, otherKey));
  });

  step("3c. the owner deletes all German translations; each stays in its history", async () => {
    const p = ownerPage();
    await openSettings(p);
    const settings = settingsDialog(p);
    await settings.getByRole("button", { name: "Languages" }).click();
    await settings.getByRole("button", { name: "Delete all German translations" }).click();
    const confirm = p.getByRole("alertdialog", { name: "Delete all German translations?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectVisible(toast(p, "All translations deleted successfully"));
    await closeSettings(p);
    await eventually(
      () => keyRow(p, renamedKey).locator("td").nth(2).innerText(),
      (text) => text.includes("Empty"),
      "the German cell after deleting all German translations",
    );
    const history = await ownerContext.request.get(
      `${app.url}/api/keys/${await keyIdOf(renamedKey)}/strings/de/history`,
    );
    const entries = ((await history.json()) as { entries: { value: string | null }[] }).entries;
    expect(entries[0]?.value).toBeNull();
    expect(entries.some((e) => e.value === "Hallo {name}!")).toBe(true);
  });

  step("4. deleting 'Beta' in Project Settings selects 'Alpha', the first other project", async () => {
    const p = ownerPage();
    await createProject("Beta");
    await createProject("Alpha");
    await p.reload();
    await expectVisible(p.getByRole("heading", { name: renamedProject, exact: true }));

    // Pick Beta in the top bar picker.
    await picker(p).click();
    await p.getByRole("menuitem", { name: "Beta", exact: true }).click();
    await expectVisible(p.getByRole("heading", { name: "Beta", exact: true }));

    await openSettings(p);
    const settings = settingsDialog(p);
    await settings.getByRole("button", { name: "Delete project" }).click();
    const confirm = p.getByRole("alertdialog", { name: "Delete project?" });
    await expectVisible(confirm.getByText("Beta"));
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectVisible(toast(p, "Project deleted"));
    await settings.waitFor({ state: "hidden" });

    await expectVisible(p.getByRole("heading", { name: "Alpha", exact: true }));
    await eventually(
      () => picker(p).innerText(),
      (text) => text.includes("Alpha"),
      "the top bar picker after the deletion",
    );
    // Alpha is empty; Beta is gone from the picker and the server.
    await expectVisible(p.getByText("Wonderful, a new beginning"));
    await picker(p).click();
    await expectVisible(p.getByRole("menuitem", { name: /^Alpha\b/ }));
    expect(await p.getByRole("menuitem", { name: /^Beta\b/ }).count()).toBe(0);
    await p.keyboard.press("Escape");
    const list = await ownerContext.request.get(`${app.url}/api/teams/${teamId}/projects`);
    const names = ((await list.json()) as { projects: { name: string }[] }).projects.map((x) => x.name);
    expect(names.sort()).toEqual(["Alpha", renamedProject]);
  });
});
