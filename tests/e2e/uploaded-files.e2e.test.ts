import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey, reportProblems } from "../helpers/e2e.ts";
import { addToTeam, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { notice } from "../helpers/transfer-corpus.ts";
import { button, toast } from "./pages/common.ts";
import { ImportDialog } from "./pages/import-dialog.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Issue 33 in Chromium against the real server:
 * - Project Settings → Files: the files the owner imports through the Import dialog are listed with
 *   their language, uploader and time; Download gives the bytes as uploaded; the export is written
 *   on the kept file until Remove (after its confirmation) forgets it, then from the project's
 *   strings. A reviewer gets no Files section, and the server refuses them the files.
 * - The column picker of a CSV import: the columns guessed from an unusual header
 *   (`string_id,English,Deutsch,Status`), a choice that clashes refused before any upload, a column
 *   moved to another language, and the strings found in the languages chosen.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `files-${name}-${stamp}-${suffix}@example.test`;

/** A German JSON file as a team keeps it in git: 4-space indents, nested keys, a final newline. */
const GERMAN = '{\n    "home": {\n        "title": "Willkommen"\n    },\n    "bye": "Tschüss"\n}\n';
const ENGLISH = '{"home":{"title":"Welcome"},"bye":"Bye"}';

/** A table whose key column is not called `key`, and whose German column is really Swiss German. */
const TABLE = [
  "string_id,English,Deutsch,Status",
  "checkout.title,Checkout,Zur Kasse,final",
  "dialog.close,Close,Schliessen,draft",
  "",
].join("\n");

describe(`uploaded files and the column picker on ${testDatabaseLabel()}`, () => {
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let owner: ApiClient;
  let reviewer: ApiClient;
  let teamId = "";
  let websiteId = "";
  let shopId = "";
  let ownerPage: Page | undefined;
  let reviewerPage: Page | undefined;
  let current: Page | undefined;

  beforeAll(async () => {
    app = await startAppServer({ MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
    });
    reviewerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const ownerUser = await buildUser(app, { email: address("owner"), firstName: "Olga", lastName: "Owner" });
    owner = await signInAs(ownerUser, { context: ownerContext });
    teamId = (await buildTeam(owner, { name: `Files ${suffix}` })).id;
    websiteId = (await buildProject(owner, teamId, { name: "Website", languages: ["de"] })).id;
    shopId = (await buildProject(owner, teamId, { name: "Shop", languages: ["de"] })).id;
    const reviewerUser = await buildUser(app, {
      email: address("reviewer"),
      firstName: "Rita",
      lastName: "Reviewer",
    });
    await addToTeam(reviewerUser, teamId, "reviewer");
    reviewer = await signInAs(reviewerUser, { context: reviewerContext });
  });

  afterAll(async () => {
    for (const context of [reviewerContext, ownerContext]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  /** The owner's page, opened once for both journeys. */
  async function ownerTab(): Promise<Page> {
    if (!ownerPage || ownerPage.isClosed()) {
      ownerPage = await ownerContext.newPage();
      reportProblems(ownerPage);
    }
    current = ownerPage;
    return ownerPage;
  }

  /** The Overview of a project, opened by its address, once its heading shows. */
  async function openProject(on: Page, projectId: string, name: string) {
    await on.goto(`${app.url}/app/overview?project=${projectId}`);
    await expectVisible(on.getByRole("heading", { name, exact: true }));
    await expectVisible(button(on, "Project settings"));
  }

  const settingsDialog = (on: Page) => on.getByRole("dialog", { name: "Project Settings" });
  const settingsSections = (on: Page) =>
    settingsDialog(on).getByRole("navigation", { name: "Project settings" }).getByRole("button");

  async function openSettings(on: Page): Promise<Locator> {
    await button(on, "Project settings").click();
    const settings = settingsDialog(on);
    await expectVisible(settings);
    await expectVisible(settings.getByLabel("Project name"));
    return settings;
  }

  async function closeSettings(on: Page) {
    await on.keyboard.press("Escape");
    await settingsDialog(on).waitFor({ state: "hidden" });
  }

  async function filesOf(client: ApiClient, projectId: string) {
    return call(client, contract.files.list, { params: { projectId } });
  }

  /** The address the Import dialog posts a project's file to, as the page's requests show it. */
  const importUrl = (projectId: string) =>
    `${app.url}${requestOf(contract.transfer.import, { params: { projectId } }).path}`;

  async function keysOf(projectId: string): Promise<KeyRow[]> {
    const answer = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(answer.status).toBe(200);
    return answer.body.keys;
  }

  async function languagesOf(projectId: string): Promise<string[]> {
    const answer = await call(owner, contract.projects.list, { params: { teamId } });
    expect(answer.status).toBe(200);
    return answer.body.projects.find((project) => project.id === projectId)?.languages ?? [];
  }

  describe("Project Settings → Files", () => {
    const step = journey("uploaded-files", () => current);
    const filesTable = (on: Page) => settingsDialog(on).getByRole("table", { name: "Files" });
    const fileRow = (on: Page, path: string) =>
      filesTable(on)
        .locator("tbody tr")
        .filter({ has: on.locator(`th span[title=${JSON.stringify(path)}]`) });
    /** When the imports were made, to check the times the list shows. */
    let importedFrom = 0;
    let importedUntil = 0;
    let germanId = "";
    let englishId = "";

    async function openFiles(on: Page): Promise<Locator> {
      const settings = await openSettings(on);
      await button(settings, "Files").click();
      await expectVisible(settings.getByRole("heading", { name: "Files", exact: true }));
      await expectVisible(
        settings.getByText(
          "Exports and pulls in a file's format keep the file as it was: only strings changed in Sprog are written into it.",
        ),
      );
      return settings;
    }

    /** Exports German as nested JSON through the Export dialog; answers the zip's one file. */
    async function exportGerman(on: Page): Promise<{ path: string; text: string }> {
      await button(on, "Export").click();
      const dialog = on.getByRole("dialog", { name: "Export translations" });
      await expectVisible(dialog);
      await dialog.getByRole("checkbox", { name: "English", exact: true }).uncheck();
      expect(await dialog.getByRole("checkbox", { name: "German", exact: true }).isChecked()).toBe(true);
      expect(await dialog.getByLabel("Format", { exact: true }).inputValue()).toBe("json");
      await dialog.getByRole("checkbox", { name: "Nested JSON", exact: true }).check();
      const [download] = await Promise.all([
        on.waitForEvent("download", { timeout: 60_000 }),
        button(dialog, "Export").click(),
      ]);
      expect(download.suggestedFilename()).toBe(`translations-${websiteId}.zip`);
      const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
      const paths = Object.keys(zip);
      expect(paths, "the files of the German export").toHaveLength(1);
      const path = paths[0] ?? "";
      await dialog.waitFor({ state: "hidden" });
      return { path, text: strFromU8(zip[path] ?? new Uint8Array()) };
    }

    step("1. the owner's Project Settings have a Files section, empty before any import", async () => {
      const p = await ownerTab();
      await openProject(p, websiteId, "Website");
      await openSettings(p);
      expect(await settingsSections(p).allTextContents()).toEqual([
        "General",
        "Languages",
        "Quality checks",
        "Files",
        "API Access",
        "Webhooks",
      ]);
      await closeSettings(p);
      await openFiles(p);
      await expectVisible(
        settingsDialog(p).getByText(
          "No files yet. Each file you import is kept here, and exports in its format are written on it, so unchanged files come back exactly as they were.",
        ),
      );
      expect(await filesTable(p).count()).toBe(0);
      await closeSettings(p);
    });

    step("2. the owner imports de.json and en.json through the Import dialog", async () => {
      const p = await ownerTab();
      const importer = new ImportDialog(p, importUrl(websiteId));
      importedFrom = Date.now();
      const german = await importer.importFile(
        { name: "de.json", mimeType: "application/json", buffer: Buffer.from(GERMAN) },
        { guess: "de", language: "de" },
      );
      if ("error" in german) expect.fail(`importing de.json failed: ${german.error}`);
      expect(german.toast).toBe(notice({ keysAdded: 2, translationsAdded: 2, languagesAdded: 0 }));
      const english = await importer.importFile(
        { name: "en.json", mimeType: "application/json", buffer: Buffer.from(ENGLISH) },
        { guess: "en", language: "en" },
      );
      if ("error" in english) expect.fail(`importing en.json failed: ${english.error}`);
      expect(english.toast).toBe(notice({ keysAdded: 0, translationsAdded: 2, languagesAdded: 0 }));
      importedUntil = Date.now();
    });

    step("3. Files lists each file with its language, uploader, time and size", async () => {
      const p = await ownerTab();
      const listed = await filesOf(owner, websiteId);
      expect(listed.status).toBe(200);
      expect(listed.body.files.map((file) => [file.path, file.language, file.format])).toEqual([
        ["de.json", "de", "json"],
        ["en.json", "en", "json"],
      ]);
      germanId = listed.body.files[0]?.id ?? "";
      englishId = listed.body.files[1]?.id ?? "";

      await openFiles(p);
      await expectVisible(filesTable(p));
      // By path: de.json, then en.json.
      expect(await filesTable(p).locator("tbody tr th span[title]").allTextContents()).toEqual([
        "de.json",
        "en.json",
      ]);
      const expected = [
        { path: "de.json", language: "German", size: `${Buffer.byteLength(GERMAN)} B` },
        { path: "en.json", language: "English", size: `${Buffer.byteLength(ENGLISH)} B` },
      ];
      for (const file of expected) {
        const row = fileRow(p, file.path);
        await expectVisible(row);
        expect(await row.getByRole("rowheader").innerText()).toContain("JSON");
        const cells = row.getByRole("cell");
        expect((await cells.nth(0).innerText()).trim()).toBe(file.language);
        const uploaded = cells.nth(1);
        expect(await uploaded.locator("span").first().innerText()).toBe("Olga Owner");
        expect(await uploaded.locator("span").first().getAttribute("title")).toBe(address("owner"));
        const time = uploaded.locator("time");
        const at = (await time.getAttribute("datetime")) ?? "";
        expect(Date.parse(at), `${file.path} uploaded at ${at}`).toBeGreaterThanOrEqual(importedFrom - 1000);
        expect(Date.parse(at)).toBeLessThanOrEqual(importedUntil + 1000);
        // The time as the browser writes it in its own locale and time zone.
        const shown = await p.evaluate(
          (iso) =>
            new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
              new Date(iso),
            ),
          at,
        );
        expect(await time.innerText()).toBe(shown);
        expect((await cells.nth(2).innerText()).trim()).toBe(file.size);
        await expectVisible(button(row, `Download ${file.path} (${file.language})`));
        await expectVisible(button(row, `Remove ${file.path} (${file.language})`));
      }
    });

    step("4. Download gives de.json back byte for byte", async () => {
      const p = await ownerTab();
      const [download] = await Promise.all([
        p.waitForEvent("download", { timeout: 30_000 }),
        button(fileRow(p, "de.json"), "Download de.json (German)").click(),
      ]);
      expect(download.suggestedFilename()).toBe("de.json");
      const bytes = readFileSync(await download.path());
      expect(bytes.equals(Buffer.from(GERMAN, "utf8"))).toBe(true);
      await closeSettings(p);
    });

    step("5. while de.json is kept, the German export is that file exactly", async () => {
      const p = await ownerTab();
      const exported = await exportGerman(p);
      expect(exported.path).toBe("de.json");
      expect(exported.text).toBe(GERMAN);
    });

    step("6. Remove asks first; Cancel keeps the file, Remove forgets it and only it", async () => {
      const p = await ownerTab();
      await openFiles(p);
      await expectVisible(fileRow(p, "de.json"));

      await button(fileRow(p, "de.json"), "Remove de.json (German)").click();
      const confirm = p.getByRole("alertdialog", { name: "Remove file?" });
      await expectVisible(confirm);
      expect((await confirm.innerText()).replace(/\s+/g, " ")).toContain(
        "de.json (German) is no longer kept: exports and pulls in JSON are written from the project's strings until the file is imported again. The project's keys and strings stay as they are.",
      );
      await button(confirm, "Cancel").click();
      await confirm.waitFor({ state: "hidden" });
      await expectVisible(fileRow(p, "de.json"));
      expect((await filesOf(owner, websiteId)).body.files).toHaveLength(2);

      await button(fileRow(p, "de.json"), "Remove de.json (German)").click();
      await expectVisible(confirm);
      const removal = requestOf(contract.files.remove, { params: { projectId: websiteId, id: germanId } });
      const removed = p.waitForResponse(
        (response) =>
          response.request().method() === removal.method && response.url() === `${app.url}${removal.path}`,
      );
      await button(confirm, "Remove").click();
      expect((await removed).status()).toBe(204);
      await expectVisible(toast(p, "de.json removed"));
      await confirm.waitFor({ state: "hidden" });
      await fileRow(p, "de.json").waitFor({ state: "detached" });
      await expectVisible(fileRow(p, "en.json"));
      expect(await filesTable(p).locator("tbody tr").count()).toBe(1);

      const listed = await filesOf(owner, websiteId);
      expect(listed.body.files.map((file) => file.path)).toEqual(["en.json"]);
      const gone = await fail(owner, contract.files.original, {
        params: { projectId: websiteId, id: germanId },
      });
      expect(gone.status).toBe(404);
      // The keys and strings stayed.
      const keys = await keysOf(websiteId);
      expect(Object.fromEntries(keys.map((row) => [row.key, row.strings.de?.value]))).toEqual({
        "home.title": "Willkommen",
        bye: "Tschüss",
      });
      await closeSettings(p);
    });

    step("7. after the removal the German export is written from the project's strings", async () => {
      const p = await ownerTab();
      const exported = await exportGerman(p);
      expect(exported.path).toBe("de.json");
      expect(exported.text).not.toBe(GERMAN);
      // The same strings, as Sprog writes nested JSON: 2-space indents.
      expect(JSON.parse(exported.text)).toEqual(JSON.parse(GERMAN));
      expect(exported.text).toContain('\n  "home": {\n    "title": "Willkommen"');
    });

    step("8. a reviewer gets no Files section, and the server refuses them the files", async () => {
      reviewerPage = await reviewerContext.newPage();
      reportProblems(reviewerPage);
      current = reviewerPage;
      const rp = reviewerPage;
      await openProject(rp, websiteId, "Website");
      await openSettings(rp);
      expect(await settingsSections(rp).allTextContents()).toEqual([
        "General",
        "Languages",
        "Quality checks",
      ]);
      expect(await button(settingsDialog(rp), "Files").count()).toBe(0);
      expect(await settingsDialog(rp).getByRole("table", { name: "Files" }).count()).toBe(0);
      await closeSettings(rp);

      // What the UI hides, the server refuses (spec point 6: files are for whoever may export).
      const english = { params: { projectId: websiteId, id: englishId } };
      expect((await fail(reviewer, contract.files.list, { params: { projectId: websiteId } })).status).toBe(
        403,
      );
      expect((await fail(reviewer, contract.files.original, english)).status).toBe(403);
      expect((await fail(reviewer, contract.files.remove, english)).status).toBe(403);
      const listed = await filesOf(owner, websiteId);
      expect(listed.body.files.map((file) => file.id)).toEqual([englishId]);
      await rp.close();
      reviewerPage = undefined;
    });
  });

  describe("the column picker of a CSV import", () => {
    const step = journey("import-column-picker", () => current);
    const importDialog = (on: Page) => on.getByRole("dialog", { name: "Import translations" });
    const columns = (on: Page) => importDialog(on).getByRole("group", { name: "Columns" });
    const column = (on: Page, header: string) => columns(on).getByLabel(header, { exact: true });
    const chosen = async (on: Page, header: string) =>
      ((await column(on, header).locator("option:checked").textContent()) ?? "").trim();
    const PROBLEM =
      "“English” and “Deutsch” are both English (en): choose another language for one of them, or ignore it.";
    const imports: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === "POST" && request.url().endsWith(importUrl(shopId))) {
        imports.push(request.url());
      }
    };

    step("1. choosing strings.csv shows the columns guessed from its header", async () => {
      const p = await ownerTab();
      await openProject(p, shopId, "Shop");
      const importer = new ImportDialog(p, importUrl(shopId));
      const dialog = await importer.open();
      await dialog
        .getByLabel("File", { exact: true })
        .setInputFiles({ name: "strings.csv", mimeType: "text/csv", buffer: Buffer.from(TABLE) });
      await expectVisible(columns(p));
      await expectVisible(
        columns(p).getByText(
          "What each column of the table holds, guessed from its name. Choose the key column and each column's language; ignored columns are not imported.",
        ),
      );
      // The header's four columns, each with its guess and the first row's cell.
      const selects = columns(p).locator("select");
      expect(await selects.count()).toBe(4);
      expect(await column(p, "string_id").inputValue()).toBe("key");
      expect(await chosen(p, "string_id")).toBe("Key");
      expect(await column(p, "English").inputValue()).toBe("language:en");
      expect(await chosen(p, "English")).toBe("English (en)");
      expect(await column(p, "Deutsch").inputValue()).toBe("language:de");
      expect(await chosen(p, "Deutsch")).toBe("German (de)");
      expect(await column(p, "Status").inputValue()).toBe("ignore");
      expect(await chosen(p, "Status")).toBe("Ignore");
      for (const sample of ["checkout.title", "Checkout", "Zur Kasse", "final"]) {
        await expectVisible(columns(p).getByText(`First row: ${sample}`, { exact: true }));
      }
      // A table's name says no language: the file's language is left to choose, explained for tables.
      const language = dialog.getByLabel("Language of the file", { exact: true });
      await eventually(
        () => language.isEnabled(),
        Boolean,
        "the language field, enabled once a file is chosen",
      );
      expect(await language.inputValue()).toBe("");
      await expectVisible(
        dialog.getByText(
          "For a table: the language of a “value” or “translation” column, if it has one (else any of its languages). Each column's language is chosen under Columns.",
        ),
      );
      await language.selectOption("en");
    });

    step("2. two columns of one language are refused before anything is uploaded", async () => {
      const p = await ownerTab();
      p.on("request", onRequest);
      await column(p, "Deutsch").selectOption("language:en");
      await expectVisible(columns(p).getByText(PROBLEM, { exact: true }));
      await button(importDialog(p), "Import").click();
      const alert = importDialog(p).getByRole("alert");
      await expectVisible(alert);
      expect(await alert.textContent()).toBe(`Check the columns: ${PROBLEM}`);
      expect(imports).toEqual([]);
    });

    step("3. the Deutsch column set to German (Switzerland) imports into that language", async () => {
      const p = await ownerTab();
      await column(p, "Deutsch").selectOption("language:de-CH");
      expect(await chosen(p, "Deutsch")).toBe("German (Switzerland) (de-CH)");
      // Choosing again clears the problem and the refusal.
      await importDialog(p).getByRole("alert").waitFor({ state: "detached" });
      expect(await columns(p).getByText(PROBLEM).count()).toBe(0);
      expect(await column(p, "string_id").inputValue()).toBe("key");
      expect(await column(p, "English").inputValue()).toBe("language:en");
      expect(await column(p, "Status").inputValue()).toBe("ignore");

      const importer = new ImportDialog(p, importUrl(shopId));
      await importer.markNoticesSeen();
      const answer = p.waitForResponse(
        (response) => response.request().method() === "POST" && response.url() === importUrl(shopId),
      );
      await button(importDialog(p), "Import").click();
      expect((await answer).status()).toBe(200);
      p.off("request", onRequest);
      expect(imports).toHaveLength(1);
      const shown = notice({ keysAdded: 2, translationsAdded: 4, languagesAdded: 1 });
      const note = importer.newImportNotices().filter({ has: p.locator("[data-title]", { hasText: shown }) });
      await expectVisible(note);
      expect(await note.first().locator("[data-title]").textContent()).toBe(shown);
      await importDialog(p).waitFor({ state: "hidden" });
    });

    step("4. the strings are in English and German (Switzerland), none in German, no Status", async () => {
      const p = await ownerTab();
      expect(await languagesOf(shopId)).toEqual(["en", "de", "de-CH"]);
      const keys = await keysOf(shopId);
      const strings = Object.fromEntries(
        keys.map((row) => [
          row.key,
          Object.fromEntries(Object.entries(row.strings).map(([code, cell]) => [code, cell.value])),
        ]),
      );
      expect(strings).toEqual({
        "checkout.title": { en: "Checkout", "de-CH": "Zur Kasse" },
        "dialog.close": { en: "Close", "de-CH": "Schliessen" },
      });

      // The Overview shows them under the new language's tab.
      const overview = new OverviewPage(p, app.url);
      const tab = overview.languageTab(/^German \(Switzerland\)/);
      await expectVisible(tab);
      await tab.click();
      await expectVisible(p.getByRole("tab", { name: /^German \(Switzerland\)/, selected: true }));
      for (const [key, source, swiss] of [
        ["checkout.title", "Checkout", "Zur Kasse"],
        ["dialog.close", "Close", "Schliessen"],
      ] as const) {
        await expectVisible(overview.row(key));
        await eventually(
          async () => (await overview.cell(key, "selected").innerText()).trim(),
          (text) => text.includes(swiss),
          `the German (Switzerland) cell of ${key}`,
        );
        expect(await overview.cell(key, "source").innerText()).toContain(source);
      }
    });
  });
});
