import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { ImportResult } from "../../src/shared/schemas/transfer.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey, reportProblems } from "../helpers/e2e.ts";
import { buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { button, toast } from "./pages/common.ts";
import { ImportDialog } from "./pages/import-dialog.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Issue 33 in Chromium against the real server, as an owner: several files per language
 * (namespaces). i18next's `common.json` and `auth.json` of English and German go in through the
 * Import dialog, each read as its file (File (namespace) prefilled from the name); `title`, in both
 * files, is kept as `auth:title` and the import notice says so. The Overview's File filter and
 * labels, Add key into a file, the export zip's `en/common.json`, `en/auth.json`, `de/common.json`,
 * `de/auth.json` (unchanged files byte for byte) and Project Settings → Files' namespace lines.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);

/** The four files as a team keeps them in git: 4-space indents, a final newline. */
const FILES = {
  "en/common.json": '{\n    "title": "Shop",\n    "save": "Save",\n    "cancel": "Cancel"\n}\n',
  "en/auth.json": '{\n    "title": "Sign in",\n    "password": "Password"\n}\n',
  "de/common.json": '{\n    "title": "Laden",\n    "save": "Speichern",\n    "cancel": "Abbrechen"\n}\n',
  "de/auth.json": '{\n    "title": "Anmelden",\n    "password": "Passwort"\n}\n',
} as const;
type FilePath = keyof typeof FILES;

/** What the server says of `title` in auth.json, once `common` has it (import-writes.ts). */
const KEPT_AS_AUTH_TITLE =
  '1 key is in another file of the project too: kept as "auth:title" in auth, and written back under its own name';
/** The hint under the Import dialog's File (namespace) field. */
const NAMESPACE_HINT =
  "Keys from this file belong to it; exports write each file with its own keys. Leave empty for the language's one file.";

/** The key added in step 3, into auth. */
const NEW_KEY = "forgot";
const NEW_SOURCE = "Forgot password?";

describe(`namespaces: several files per language on ${testDatabaseLabel()}`, () => {
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let owner: ApiClient;
  let projectId = "";
  let page: Page | undefined;
  const step = journey("namespaces", () => page);

  beforeAll(async () => {
    app = await startAppServer({ MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const user = await buildUser(app, {
      email: `namespaces-owner-${stamp}-${suffix}@example.test`,
      firstName: "Nora",
      lastName: "Owner",
    });
    owner = await signInAs(user, { context });
    const teamId = (await buildTeam(owner, { name: `Namespaces ${suffix}` })).id;
    projectId = (await buildProject(owner, teamId, { name: "Storefront", languages: ["de"] })).id;
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  const p = (): Page => {
    if (!page) throw new Error("the page is not open yet");
    return page;
  };
  const overview = () => new OverviewPage(p(), app.url);
  const keysShown = () =>
    overview()
      .table.locator("tr[data-key]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-key")));
  const fileFilter = () => p().getByRole("combobox", { name: "File", exact: true });
  /** The small label beside a key's name saying its file. */
  const fileLabel = (key: string, namespace: string) =>
    overview()
      .row(key)
      .locator(`span[title=${JSON.stringify(`In the file ${namespace}`)}]`);

  async function expectFileLabel(key: string, namespace: string) {
    const label = fileLabel(key, namespace);
    await expectVisible(label);
    // The name, then the label: its words for screen readers and the namespace.
    expect(await label.textContent()).toBe(` in the file ${namespace}`);
    expect(await overview().row(key).locator("td").first().textContent()).toContain(
      `${key} in the file ${namespace}`,
    );
  }

  /**
   * One file through the Import dialog: chosen, its language picked (a namespace's file name says
   * none), File (namespace) read before importing, Import; answers what the server counted and the
   * notice's title and description as shown.
   */
  async function importThroughDialog(
    path: FilePath,
    expected: { namespace: string },
  ): Promise<{ result: ImportResult; title: string; description: string | null }> {
    const [language = "", name = ""] = path.split("/");
    const importer = new ImportDialog(p(), `${app.url}/api/projects/${projectId}/import`);
    await importer.markNoticesSeen();
    const dialog = await importer.open();
    // No file chosen yet: no File (namespace) field.
    expect(await dialog.getByLabel("File (namespace)", { exact: true }).count()).toBe(0);
    await dialog
      .getByLabel("File", { exact: true })
      .setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(FILES[path], "utf8") });
    const select = dialog.getByLabel("Language of the file", { exact: true });
    await eventually(() => select.isEnabled(), Boolean, "the language field, enabled once a file is chosen");
    expect(await select.inputValue(), `the language guessed from ${name}`).toBe("");
    await expectVisible(dialog.getByText("The file name does not say: choose the language the file holds."));
    await select.selectOption(language);

    const field = dialog.getByLabel("File (namespace)", { exact: true });
    await expectVisible(field);
    expect(await field.inputValue(), `the namespace guessed from ${name}`).toBe(expected.namespace);
    expect(await field.getAttribute("placeholder")).toBe("The language's one file");
    await expectVisible(dialog.getByText(NAMESPACE_HINT, { exact: true }));

    const answer = p().waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        response.url() === `${app.url}/api/projects/${projectId}/import`,
    );
    await button(dialog, "Import").click();
    const response = await answer;
    expect(response.status(), `importing ${path}`).toBe(200);
    const result = (await response.json()) as ImportResult;
    const note = importer.newImportNotices();
    await expectVisible(note);
    expect(await note.count()).toBe(1);
    const title = (await note.locator("[data-title]").textContent()) ?? "";
    const described = note.locator("[data-description]");
    const description = (await described.count()) > 0 ? await described.textContent() : null;
    // At 100 % the dialog closes by itself.
    await dialog.waitFor({ state: "hidden" });
    return { result, title, description };
  }

  const settingsDialog = () => p().getByRole("dialog", { name: "Project Settings" });
  const filesTable = () => settingsDialog().getByRole("table", { name: "Files" });
  /** A row of Settings → Files, by what its Download button calls the file: `auth.json (German)`. */
  const fileRow = (label: string) =>
    filesTable()
      .locator("tbody tr")
      .filter({ has: p().getByRole("button", { name: `Download ${label}`, exact: true }) });

  step("1. the four files go in through the Import dialog, each as its namespace", async () => {
    page = await context.newPage();
    reportProblems(page);
    await page.goto(`${app.url}/app/overview?project=${projectId}`);
    await expectVisible(page.getByRole("heading", { name: "Storefront", exact: true }));

    const common = await importThroughDialog("en/common.json", { namespace: "common" });
    expect(common.result).toEqual({
      keysAdded: 3,
      translationsAdded: 3,
      languagesAdded: 0,
      errors: 0,
      warnings: [],
    });
    expect(common.title).toBe("Import complete: 3 keys added, 3 translations added, 0 languages added");
    expect(common.description).toBeNull();

    // auth.json has `title` too: kept as auth:title, and the notice says so under its counts.
    const auth = await importThroughDialog("en/auth.json", { namespace: "auth" });
    expect(auth.result).toEqual({
      keysAdded: 2,
      translationsAdded: 2,
      languagesAdded: 0,
      // Kept under another name is said, not counted as an error: nothing was lost.
      errors: 0,
      warnings: [KEPT_AS_AUTH_TITLE],
    });
    expect(auth.title).toBe("Import complete: 2 keys added, 2 translations added, 0 languages added");
    expect(auth.description).toBe(KEPT_AS_AUTH_TITLE);

    const germanCommon = await importThroughDialog("de/common.json", { namespace: "common" });
    expect(germanCommon.result.warnings).toEqual([]);
    expect(germanCommon.title).toBe("Import complete: 0 keys added, 3 translations added, 0 languages added");
    expect(germanCommon.description).toBeNull();

    // German auth.json's `title` goes into auth:title, not common's title, and is said again.
    const germanAuth = await importThroughDialog("de/auth.json", { namespace: "auth" });
    expect(germanAuth.result.warnings).toEqual([KEPT_AS_AUTH_TITLE]);
    expect(germanAuth.title).toBe("Import complete: 0 keys added, 2 translations added, 0 languages added");
    expect(germanAuth.description).toBe(KEPT_AS_AUTH_TITLE);
  });

  step("2. the Overview's File filter shows one file's keys; each key shows its file", async () => {
    await expectVisible(overview().row("auth:title"));
    await eventually(keysShown, (keys) => keys.length === 5, "the keys shown once the four files are in");
    expect([...(await keysShown())].sort()).toEqual(["auth:title", "cancel", "password", "save", "title"]);
    for (const key of ["title", "save", "cancel"]) await expectFileLabel(key, "common");
    for (const key of ["auth:title", "password"]) await expectFileLabel(key, "auth");
    // The two `title`s hold their own file's text.
    await eventually(
      async () => [
        (await overview().cell("title", "source").innerText()).trim(),
        (await overview().cell("auth:title", "source").innerText()).trim(),
      ],
      (texts) => texts[0]?.includes("Shop") === true && texts[1]?.includes("Sign in") === true,
      "the English of title and auth:title",
    );

    // Every key is in a named file: no "Default file" to choose.
    await expectVisible(fileFilter());
    await eventually(
      () => fileFilter().locator("option").allTextContents(),
      (options) => options.length === 3,
      "the File filter's options",
    );
    expect(await fileFilter().locator("option").allTextContents()).toEqual([
      "Any file",
      "auth (2)",
      "common (3)",
    ]);

    await fileFilter().selectOption({ label: "auth (2)" });
    await eventually(
      keysShown,
      (keys) => JSON.stringify([...keys].sort()) === '["auth:title","password"]',
      "the keys shown with the File filter on auth",
    );
    expect(new URL(p().url()).searchParams.get("namespace")).toBe("auth");
    expect(((await fileFilter().locator("option:checked").textContent()) ?? "").trim()).toBe("auth (2)");
    await expectVisible(p().getByText(/^2 of 5 keys match in German/));
    for (const key of ["auth:title", "password"]) await expectFileLabel(key, "auth");
  });

  step("3. Add key with File (namespace) set to auth: the key shows with the auth label", async () => {
    await button(p(), "New").click();
    const dialog = p().getByRole("dialog", { name: "Add Translation Key" });
    await expectVisible(dialog);
    const field = dialog.getByLabel("File (namespace)", { exact: true });
    await expectVisible(field);
    expect(await field.inputValue()).toBe("");
    await expectVisible(dialog.getByText("Leave empty for the default file.", { exact: true }));
    // The project's files are offered as suggestions.
    const listId = (await field.getAttribute("list")) ?? "";
    expect(listId).not.toBe("");
    expect(
      await dialog
        .locator(`datalist[id=${JSON.stringify(listId)}] option`)
        .evaluateAll((options) => options.map((option) => option.getAttribute("value"))),
    ).toEqual(["auth", "common"]);

    await dialog.getByLabel("Key name", { exact: true }).fill(NEW_KEY);
    await field.fill("auth");
    await dialog.getByLabel(/^Source string/).fill(NEW_SOURCE);
    const created = p().waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        response.url() === `${app.url}/api/projects/${projectId}/keys`,
    );
    await button(dialog, "Add Key").click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    expect(((await answer.json()) as { namespace?: string }).namespace).toBe("auth");
    await expectVisible(toast(p(), "Key added"));
    await dialog.waitFor({ state: "hidden" });

    // Still filtered to auth: the new key is one of its keys, labelled so.
    await eventually(
      keysShown,
      (keys) => JSON.stringify([...keys].sort()) === JSON.stringify(["auth:title", NEW_KEY, "password"]),
      "the keys shown with the File filter on auth",
    );
    await expectFileLabel(NEW_KEY, "auth");
    await eventually(
      async () => (await overview().cell(NEW_KEY, "source").innerText()).trim(),
      (text) => text.includes(NEW_SOURCE),
      `the English of ${NEW_KEY}`,
    );
    await eventually(
      () => fileFilter().locator("option").allTextContents(),
      (options) => JSON.stringify(options) === '["Any file","auth (3)","common (3)"]',
      "the File filter's options after the new key",
    );

    // Any file again: the six keys, the new one among auth's.
    await fileFilter().selectOption({ label: "Any file" });
    await eventually(keysShown, (keys) => keys.length === 6, "the keys shown with any file");
    expect(new URL(p().url()).searchParams.has("namespace")).toBe(false);
    await expectFileLabel(NEW_KEY, "auth");
    await expectFileLabel("title", "common");
  });

  step("4. the Export dialog's zip has each file at its path, unchanged ones byte for byte", async () => {
    await button(p(), "Export").click();
    const dialog = p().getByRole("dialog", { name: "Export translations" });
    await expectVisible(dialog);
    expect(await dialog.getByRole("checkbox", { name: "English", exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByRole("checkbox", { name: "German", exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByLabel("Format", { exact: true }).inputValue()).toBe("json");
    expect(await dialog.getByRole("checkbox", { name: "Nested JSON", exact: true }).isChecked()).toBe(false);
    const [download] = await Promise.all([
      p().waitForEvent("download", { timeout: 60_000 }),
      button(dialog, "Export").click(),
    ]);
    expect(download.suggestedFilename()).toBe(`translations-${projectId}.zip`);
    const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
    await dialog.waitFor({ state: "hidden" });

    expect(Object.keys(zip).sort()).toEqual([
      "de/auth.json",
      "de/common.json",
      "en/auth.json",
      "en/common.json",
    ]);
    const text = (path: FilePath) => strFromU8(zip[path] ?? new Uint8Array());
    // Nothing changed in common: both its files come back as they were uploaded.
    expect(
      Buffer.from(zip["de/common.json"] ?? []).equals(Buffer.from(FILES["de/common.json"], "utf8")),
    ).toBe(true);
    expect(text("en/common.json")).toBe(FILES["en/common.json"]);
    // auth.json has the new key, and `title` under its own name, written on the kept file.
    const englishAuth = text("en/auth.json");
    expect(JSON.parse(englishAuth)).toEqual({
      title: "Sign in",
      password: "Password",
      [NEW_KEY]: NEW_SOURCE,
    });
    expect(englishAuth).not.toContain("auth:title");
    expect(englishAuth).toBe(
      `{\n    "title": "Sign in",\n    "password": "Password",\n    "${NEW_KEY}": "${NEW_SOURCE}"\n}\n`,
    );
    const germanAuth = JSON.parse(text("de/auth.json")) as Record<string, string>;
    expect(germanAuth.title).toBe("Anmelden");
    expect(germanAuth.password).toBe("Passwort");
    expect(Object.keys(germanAuth)).not.toContain("auth:title");
  });

  step("5. Project Settings → Files lists the four kept files with their namespaces", async () => {
    await button(p(), "Project settings").click();
    const settings = settingsDialog();
    await expectVisible(settings);
    await button(settings, "Files").click();
    await expectVisible(settings.getByRole("heading", { name: "Files", exact: true }));
    await expectVisible(filesTable());
    // By path, then language: auth.json (de, en), common.json (de, en).
    const rows = [
      { label: "auth.json (German)", path: "auth.json", language: "German", file: "de/auth.json" },
      { label: "auth.json (English)", path: "auth.json", language: "English", file: "en/auth.json" },
      { label: "common.json (German)", path: "common.json", language: "German", file: "de/common.json" },
      { label: "common.json (English)", path: "common.json", language: "English", file: "en/common.json" },
    ] as const;
    await eventually(
      () => filesTable().locator("tbody tr").count(),
      (count) => count === rows.length,
      "the rows of Files",
    );
    expect(await filesTable().locator("tbody tr th > span:first-child").allTextContents()).toEqual(
      rows.map((row) => row.path),
    );
    for (const row of rows) {
      const tr: Locator = fileRow(row.label);
      await expectVisible(tr);
      const namespace = row.path.replace(".json", "");
      const header = tr.getByRole("rowheader");
      expect((await header.innerText()).split("\n").map((line) => line.trim())).toEqual([
        row.path,
        "JSON",
        `Namespace: ${namespace}`,
      ]);
      await expectVisible(header.getByText(`Namespace: ${namespace}`, { exact: true }));
      const cells = tr.getByRole("cell");
      expect((await cells.nth(0).innerText()).trim()).toBe(row.language);
      expect(await cells.nth(1).locator("span").first().innerText()).toBe("Nora Owner");
      // The kept file is the upload: its size, not the export's.
      expect((await cells.nth(2).innerText()).trim()).toBe(`${Buffer.byteLength(FILES[row.file])} B`);
      await expectVisible(button(tr, `Remove ${row.label}`));
    }
    await p().keyboard.press("Escape");
    await settings.waitFor({ state: "hidden" });
  });
});
