import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { languageName } from "../../src/shared/languages.ts";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import type { Project } from "../../src/shared/schemas/projects.ts";
import type { ImportResult } from "../../src/shared/schemas/transfer.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseKind } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * Import and Export in Chromium against the real server (issue 5, spec points 2, 4, 8 and 9): the
 * owner imports real corpus files of seven formats through the Import dialog — the language guessed
 * from the file name (corrected where the name does not say it), the completion notice with the
 * counts the file and the key list say it must have, the rows in the Overview. A broken file shows
 * the spec's error and changes nothing. Then every format the Export dialog offers downloads
 * `translations-{projectId}.zip` with a file per language, and each format's German file imported
 * back changes nothing: 0 keys and 0 translations added, the key list identical.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `transfer-${stamp}-${suffix}@example.test`, firstName: "Ida", lastName: "Porter" };
const projectName = "Website";
const source = "en";

/** Relative to the project root, as vitest runs; the corpus is shared, never copied in. */
const corpus = (path: string) => resolve("../shared/corpus", path);

interface CorpusImport {
  what: string;
  path: string;
  /** What the dialog should guess from the file name alone (a browser gives no folders): the
   * project's language the name says, else a catalogue language it says, else nothing (""). */
  guess: string;
  /** The language the file really holds (chosen in the dialog when the guess is not it). */
  language: string;
  /** JSON: the notice's counts are also worked out from the file itself. */
  json?: true;
}

const CORPUS_IMPORTS: CorpusImport[] = [
  {
    what: "flat JSON (umami en-US.json)",
    path: "json-flat/umami/src/lang/en-US.json",
    // The file name says American English; the project's English is `en`, so that is the guess.
    guess: "en",
    language: "en",
    json: true,
  },
  {
    what: "nested i18next JSON (excalidraw de-DE.json)",
    path: "json-nested/excalidraw/packages/excalidraw/locales/de-DE.json",
    guess: "de",
    language: "de",
    json: true,
  },
  {
    what: "iOS .strings (Loop de.lproj/Localizable.strings)",
    path: "ios-strings/Loop/Loop/de.lproj/Localizable.strings",
    guess: "",
    language: "de",
  },
  {
    what: "Android strings.xml (wikipedia values-ru), adding Russian",
    path: "android-strings-xml/apps-android-wikipedia/app/src/main/res/values-ru/strings.xml",
    guess: "",
    language: "ru",
  },
  {
    what: "gettext .po (django-admin de/LC_MESSAGES/djangojs.po)",
    path: "gettext-po/django-admin/django/contrib/admin/locale/de/LC_MESSAGES/djangojs.po",
    guess: "",
    language: "de",
  },
  {
    what: "XLIFF 1.2 (symfony security.de.xlf)",
    path: "xliff-1.2/symfony-security/src/Symfony/Component/Security/Core/Resources/translations/security.de.xlf",
    guess: "de",
    language: "de",
  },
  {
    what: "Rails YAML (rails-i18n de.yml)",
    path: "yaml/rails-i18n/rails/locale/de.yml",
    guess: "de",
    language: "de",
  },
];

/** The project's languages once the corpus is in (en and de from the start, ru from the Android file). */
const LANGUAGES = ["en", "de", "ru"];

interface ExportLayout {
  /** Each file in the zip → the languages whose text it carries (PO and XLIFF carry the source
   * text next to each translation; CSV and Excel hold every language in one table). */
  files: Record<string, string[]>;
  /** The file imported back: the German one, or the one table. */
  reimport: string;
}

/**
 * What each export format writes for en (source), de and ru. `.stringsdict` holds plural entries
 * only, so no sample text is looked for in it.
 */
const EXPORT_LAYOUT: Record<string, ExportLayout> = {
  json: { files: { "en.json": ["en"], "de.json": ["de"], "ru.json": ["ru"] }, reimport: "de.json" },
  strings: {
    files: {
      "en.lproj/Localizable.strings": ["en"],
      "de.lproj/Localizable.strings": ["de"],
      "ru.lproj/Localizable.strings": ["ru"],
    },
    reimport: "de.lproj/Localizable.strings",
  },
  stringsdict: {
    files: {
      "en.lproj/Localizable.stringsdict": [],
      "de.lproj/Localizable.stringsdict": [],
      "ru.lproj/Localizable.stringsdict": [],
    },
    reimport: "de.lproj/Localizable.stringsdict",
  },
  xml: {
    files: {
      "values-en/strings.xml": ["en"],
      "values-de/strings.xml": ["de"],
      "values-ru/strings.xml": ["ru"],
    },
    reimport: "values-de/strings.xml",
  },
  po: { files: { "de.po": ["de", "en"], "ru.po": ["ru", "en"] }, reimport: "de.po" },
  xliff: { files: { "de.xlf": ["de", "en"], "ru.xlf": ["ru", "en"] }, reimport: "de.xlf" },
  xliff2: { files: { "de.xlf": ["de", "en"], "ru.xlf": ["ru", "en"] }, reimport: "de.xlf" },
  csv: { files: { "translations.csv": ["en", "de", "ru"] }, reimport: "translations.csv" },
  xlsx: { files: { "translations.xlsx": ["en", "de", "ru"] }, reimport: "translations.xlsx" },
  yaml: { files: { "en.yml": ["en"], "de.yml": ["de"], "ru.yml": ["ru"] }, reimport: "de.yml" },
  arb: {
    files: { "app_en.arb": ["en"], "app_de.arb": ["de"], "app_ru.arb": ["ru"] },
    reimport: "app_de.arb",
  },
};

interface Snapshot {
  keys: KeyRow[];
  languages: string[];
}

interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The notice of spec point 8, as the dialog words it. */
function notice(counts: { keysAdded: number; translationsAdded: number; languagesAdded: number }) {
  const n = (value: number) => value.toLocaleString("en");
  return `Import complete: ${n(counts.keysAdded)} keys added, ${n(counts.translationsAdded)} translations added, ${n(counts.languagesAdded)} languages added`;
}

/** What an import changed, read from two snapshots of the key list (a written cell gets a new version). */
function changes(before: Snapshot, after: Snapshot) {
  const old = new Map(before.keys.map((row) => [row.key, row]));
  const written: { key: string; language: string; value: string }[] = [];
  let keysAdded = 0;
  for (const row of after.keys) {
    const was = old.get(row.key);
    if (!was) keysAdded++;
    for (const [language, cell] of Object.entries(row.strings)) {
      const previous = was?.strings[language];
      if (cell.value !== "" && previous?.version !== cell.version) {
        written.push({ key: row.key, language, value: cell.value });
      }
    }
  }
  const languagesAdded = after.languages.filter((code) => !before.languages.includes(code)).length;
  return { keysAdded, translationsAdded: written.length, languagesAdded, written };
}

/**
 * A JSON file's strings by dotted path, read with JSON.parse: `keys` has every string (an empty
 * one is a value, issue 15), `strings` the non-empty ones; `other` counts leaves that are not strings.
 */
function jsonStrings(path: string): { keys: Set<string>; strings: Map<string, string>; other: number } {
  const strings = new Map<string, string>();
  const keys = new Set<string>();
  let other = 0;
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      const key = prefix === "" ? name : `${prefix}.${name}`;
      if (typeof value === "string") {
        keys.add(key);
        if (value !== "") strings.set(key, value);
      } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        walk(value as Record<string, unknown>, key);
      } else other++;
    }
  };
  walk(JSON.parse(readFileSync(corpus(path), "utf8")) as Record<string, unknown>, "");
  return { keys, strings, other };
}

/** A text a few words long: it reads the same in every format, with nothing to escape. */
const PLAIN = /^\p{L}{2,}(?: \p{L}{2,}){1,4}$/u;
/** A text a table cell shows as it is: one line, single spaces, not too long. */
const SHOWN_AS_IS = /^\S(?:\S| (?=\S)){0,119}$/;

describe(`import and export on ${testDatabaseKind() === "postgres" ? "PostgreSQL" : "PGlite"}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let teamId = "";
  let projectId = "";
  /** Each exported format's zip, unpacked: path → bytes. */
  const exported = new Map<string, Record<string, Uint8Array>>();

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    await signUpInContext(context, app, mail, owner);
    teamId = await createTeamInContext(context, app, `Transfer ${suffix}`);
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: projectName },
    });
    expect(project.status()).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    const languages = await context.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: [source, "de"] },
    });
    expect(languages.status()).toBe(200);
    page = await context.newPage();
    page.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("import-export", () => page);
  const importDialog = () => page.getByRole("dialog", { name: "Import translations" });
  const exportDialog = () => page.getByRole("dialog", { name: "Export translations" });
  const toolbarButton = (name: string) => page.getByRole("button", { name, exact: true });
  /** Notices shown since the last `markNoticesSeen()` (re-imports repeat the same text). */
  const newImportNotices = () =>
    page
      .locator("[data-sonner-toast]:not([data-e2e-seen])")
      .filter({ has: page.locator("[data-title]", { hasText: "Import complete" }) });
  /** Sonner keeps each notice's element while it shows, so a mark tells earlier ones from the next. */
  const markNoticesSeen = () =>
    page.evaluate(() => {
      for (const toast of document.querySelectorAll("[data-sonner-toast]"))
        toast.setAttribute("data-e2e-seen", "");
    });

  const snapshot = async (): Promise<Snapshot> => {
    const [keys, projects] = await Promise.all([
      context.request.get(`${app.url}/api/projects/${projectId}/keys`),
      context.request.get(`${app.url}/api/teams/${teamId}/projects`),
    ]);
    expect(keys.status()).toBe(200);
    expect(projects.status()).toBe(200);
    const project = ((await projects.json()) as { projects: Project[] }).projects.find(
      (p) => p.id === projectId,
    );
    return { keys: ((await keys.json()) as { keys: KeyRow[] }).keys, languages: project?.languages ?? [] };
  };

  type Imported = { result: ImportResult; toast: string } | { error: string };

  /**
   * One import through the dialog, as a user does it: choose the file, read the guessed language
   * (and pick `language` when it differs), set the overwrite option, Import. Answers what the
   * server counted and the notice shown, or the error the dialog shows.
   */
  const importThroughDialog = async (
    file: string | FilePayload,
    expected: { guess: string; language: string; overwrite?: boolean },
  ): Promise<Imported> => {
    await markNoticesSeen();
    await toolbarButton("Import").click();
    const dialog = importDialog();
    await expectVisible(dialog);
    await dialog.getByLabel("File", { exact: true }).setInputFiles(file);
    const select = dialog.getByLabel("Language of the file", { exact: true });
    await eventually(() => select.isEnabled(), Boolean, "the language field, enabled once a file is chosen");
    expect(await select.inputValue(), "the language guessed from the file name").toBe(expected.guess);
    expect(await select.locator("option:checked").textContent()).toBe(
      expected.guess ? `${languageName(expected.guess)} (${expected.guess})` : "Select a language",
    );
    if (expected.language !== expected.guess) await select.selectOption(expected.language);
    const overwrite = dialog.getByRole("checkbox", { name: "Overwrite existing translations" });
    // Spec point 9 defaults: overwrite off, nested keys flattened, the language list kept.
    expect(await overwrite.isChecked()).toBe(false);
    expect(await dialog.getByRole("checkbox", { name: "Flatten nested keys" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("checkbox", { name: "Reset language list" }).isChecked()).toBe(false);
    if (expected.overwrite) await overwrite.check();

    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        response.url() === `${app.url}/api/projects/${projectId}/import`,
    );
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const response = await answer;
    if (response.status() !== 200) {
      const alert = dialog.getByRole("alert");
      await expectVisible(alert);
      const error = (await alert.textContent()) ?? "";
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      return { error };
    }
    const result = (await response.json()) as ImportResult;
    const errors = result.errors > 0 ? `, ${result.errors} ${result.errors === 1 ? "error" : "errors"}` : "";
    const shown = `${notice(result)}${errors}`;
    const toast = newImportNotices().filter({ has: page.locator("[data-title]", { hasText: shown }) });
    await expectVisible(toast);
    expect(await toast.first().locator("[data-title]").textContent()).toBe(shown);
    // What was skipped is said under the notice.
    const firstWarning = result.warnings[0];
    if (firstWarning)
      expect(await toast.first().locator("[data-description]").textContent()).toContain(firstWarning);
    // Spec point 4: at 100 % the dialog closes by itself.
    await dialog.waitFor({ state: "hidden" });
    return { result, toast: shown };
  };

  /** The Overview finds the key by search and shows its text in `language`'s column. */
  const expectRow = async (key: string, language: string, value: string) => {
    if (language !== source) {
      await page.getByRole("tab", { name: new RegExp(languageName(language)) }).click();
      await expectVisible(
        page.getByRole("tab", { name: new RegExp(languageName(language)), selected: true }),
      );
    }
    const search = page.getByLabel("Search keys");
    await search.fill(key);
    const row = page.locator(`tr[data-key=${JSON.stringify(key)}]`);
    await expectVisible(row);
    await eventually(
      () => row.innerText(),
      (text) => text.includes(value),
      `the ${language} text of ${key} in its row`,
    );
    await search.fill("");
  };

  step("1. the owner opens the empty project's Overview", async () => {
    await page.goto(`${app.url}/app/overview`);
    await expectVisible(page.getByText("No project selected"));
    await page.getByRole("button", { name: projectName, exact: true }).click();
    await expectVisible(page.getByRole("heading", { name: projectName, exact: true }));
    await expectVisible(page.getByText("Wonderful, a new beginning"));
  });

  CORPUS_IMPORTS.forEach((file, index) => {
    step(
      `2${String.fromCharCode(97 + index)}. importing the ${file.what}: language ${file.guess === file.language ? "guessed" : `guessed ${file.guess}, set to ${file.language}`}, the notice counts what changed`,
      async () => {
        const before = await snapshot();
        const imported = await importThroughDialog(corpus(file.path), file);
        if ("error" in imported) expect.fail(`the import failed: ${imported.error}`);
        const after = await snapshot();
        const changed = changes(before, after);
        // The notice's numbers are what the key list says was added.
        expect({
          keysAdded: imported.result.keysAdded,
          translationsAdded: imported.result.translationsAdded,
          languagesAdded: imported.result.languagesAdded,
        }).toEqual({
          keysAdded: changed.keysAdded,
          translationsAdded: changed.translationsAdded,
          languagesAdded: changed.languagesAdded,
        });
        expect(changed.translationsAdded).toBeGreaterThan(0);
        // Every string written is in the file's language, or the source text PO and XLIFF carry.
        expect(new Set(changed.written.map((w) => w.language))).toEqual(
          new Set(
            changed.written.some((w) => w.language === source) ? [file.language, source] : [file.language],
          ),
        );
        expect(changed.languagesAdded).toBe(before.languages.includes(file.language) ? 0 : 1);

        if (file.json) {
          // Worked out from the file alone: every string is a key, empty ones too (excalidraw's
          // `_one`/`_many` names are not plural forms), new keys added, empty cells filled.
          const { keys, strings, other } = jsonStrings(file.path);
          expect(other, "leaves that are not text (they would be skipped with a warning)").toBe(0);
          const had = new Map(before.keys.map((row) => [row.key, row]));
          const expected = {
            keysAdded: [...keys].filter((key) => !had.has(key)).length,
            translationsAdded: [...strings.keys()].filter(
              (key) => !had.get(key)?.strings[file.language]?.value,
            ).length,
            languagesAdded: 0,
          };
          expect(imported.toast).toBe(notice(expected));
        }

        // A string of the file, found in the Overview.
        const probe = changed.written.find(
          (w) => w.language === file.language && SHOWN_AS_IS.test(w.value) && !/["\\]/.test(w.key),
        );
        expect(probe, "a one-line string among those imported").toBeDefined();
        if (probe) await expectRow(probe.key, probe.language, probe.value);
      },
      180_000,
    );
  });

  step("3. a file Sprog cannot read shows the spec's error and changes nothing", async () => {
    const before = await snapshot();
    await toolbarButton("Import").click();
    const dialog = importDialog();
    await expectVisible(dialog);
    const input = dialog.getByLabel("File", { exact: true });
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expectVisible(
      dialog
        .getByRole("alert")
        .filter({ hasText: "Error processing file: notes.txt is not a format Sprog reads" }),
    );

    const broken = '{ "greeting": "Hello", "farewell": ';
    await input.setInputFiles({ name: "de.json", mimeType: "application/json", buffer: Buffer.from(broken) });
    await dialog.getByRole("alert").waitFor({ state: "detached" });
    expect(await dialog.getByLabel("Language of the file", { exact: true }).inputValue()).toBe("de");
    const answer = page.waitForResponse((response) =>
      response.url().endsWith(`/api/projects/${projectId}/import`),
    );
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    expect((await answer).status()).toBe(400);
    await expectVisible(
      dialog.getByRole("alert").filter({ hasText: "Invalid JSON file. Please check the file format." }),
    );
    expect(await dialog.getByRole("alert").textContent()).toBe(
      "Invalid JSON file. Please check the file format.",
    );
    // The dialog stays open with the file, so the user can pick another one or cancel.
    await expectVisible(dialog.getByRole("button", { name: "Import", exact: true }));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await snapshot()).toEqual(before);
  });

  step("4. Export needs at least one language", async () => {
    await toolbarButton("Export").click();
    const dialog = exportDialog();
    await expectVisible(dialog);
    const exports: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().endsWith("/export")) exports.push(request.url());
    };
    page.on("request", onRequest);
    for (const code of LANGUAGES) {
      const box = dialog.getByRole("checkbox", { name: languageName(code), exact: true });
      // Every language of the project is selected to begin with.
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
    }
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    await expectVisible(
      dialog.getByRole("alert").filter({ hasText: "Please select at least one language to export" }),
    );
    page.off("request", onRequest);
    expect(exports).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  step(
    "5. every format the Export dialog offers downloads translations-{projectId}.zip with a file per language",
    async () => {
      const state = await snapshot();
      expect(state.languages).toEqual(LANGUAGES);
      // A plain text of each language, to find in the files that carry that language.
      const sample = new Map(
        LANGUAGES.map((code) => [
          code,
          state.keys.map((row) => row.strings[code]?.value ?? "").find((value) => PLAIN.test(value)) ?? "",
        ]),
      );
      for (const code of LANGUAGES) expect(sample.get(code), `a plain ${code} text`).not.toBe("");

      await toolbarButton("Export").click();
      await expectVisible(exportDialog());
      const offered = await exportDialog()
        .getByLabel("Format", { exact: true })
        .locator("option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      // Each format the dialog offers is checked here, and nothing here is missing from the dialog.
      expect([...offered].sort()).toEqual(Object.keys(EXPORT_LAYOUT).sort());
      await exportDialog().getByRole("button", { name: "Cancel" }).click();
      await exportDialog().waitFor({ state: "hidden" });

      for (const format of offered) {
        const layout = EXPORT_LAYOUT[format] as ExportLayout;
        await toolbarButton("Export").click();
        const dialog = exportDialog();
        await expectVisible(dialog);
        await dialog.getByLabel("Format", { exact: true }).selectOption(format);
        for (const code of LANGUAGES) {
          expect(
            await dialog.getByRole("checkbox", { name: languageName(code), exact: true }).isChecked(),
          ).toBe(true);
        }
        const [download] = await Promise.all([
          page.waitForEvent("download", { timeout: 60_000 }),
          dialog.getByRole("button", { name: "Export", exact: true }).click(),
        ]);
        expect(download.suggestedFilename(), format).toBe(`translations-${projectId}.zip`);
        const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
        expect(Object.keys(zip).sort(), `the files of the ${format} export`).toEqual(
          Object.keys(layout.files).sort(),
        );
        for (const [path, languages] of Object.entries(layout.files)) {
          const bytes = zip[path] as Uint8Array;
          expect(bytes.length, `${format}: ${path} is empty`).toBeGreaterThan(0);
          // Excel: the text is in the workbook's XML parts (it is a zip itself).
          const text =
            format === "xlsx"
              ? Object.values(unzipSync(bytes))
                  .map((part) => strFromU8(part))
                  .join("\n")
              : strFromU8(bytes);
          for (const code of languages) {
            expect(text.includes(sample.get(code) ?? ""), `${format}: ${path} holds ${code} text`).toBe(true);
          }
        }
        exported.set(format, zip);
        // Spec point 4: the steps end in Complete, then the dialog closes.
        await expectVisible(dialog.getByRole("status").filter({ hasText: "Complete" }));
        await dialog.waitFor({ state: "hidden" });
      }
    },
    300_000,
  );

  step(
    "6. each format's German file imported back changes nothing: 0 keys and 0 translations added",
    async () => {
      const outcomes: { format: string; overwrite: boolean; notice: string; unchanged: boolean }[] = [];
      for (const [format, zip] of exported) {
        const layout = EXPORT_LAYOUT[format] as ExportLayout;
        // A user unzips and picks the file: the browser hands over its name without the folder.
        const name = basename(layout.reimport);
        const payload = {
          name,
          mimeType: "application/octet-stream",
          buffer: Buffer.from(zip[layout.reimport] ?? []),
        };
        const namesGerman = /(^|[._-])de\.[a-z]+$/.test(name);
        // CSV and Excel name each language's column by its code: the field does not matter there.
        const table = Object.values(layout.files)[0]?.length === LANGUAGES.length;
        const language = namesGerman || !table ? "de" : source;
        // Overwrite off (the default) shows no key or empty string was added; overwrite on then
        // shows every value came back exactly as exported (an identical value is not a change).
        for (const overwrite of [false, true]) {
          const before = await snapshot();
          const imported = await importThroughDialog(payload, {
            guess: namesGerman ? "de" : "",
            language,
            overwrite,
          });
          const after = await snapshot();
          const unchanged = JSON.stringify(after) === JSON.stringify(before);
          outcomes.push({
            format,
            overwrite,
            notice: "error" in imported ? imported.error : imported.toast,
            unchanged,
          });
          if (!unchanged) {
            const written = changes(before, after).written.slice(0, 3);
            console.warn(`[e2e] re-importing ${format}'s ${name} wrote e.g. ${JSON.stringify(written)}`);
          }
        }
      }
      expect(outcomes.length).toBe(2 * Object.keys(EXPORT_LAYOUT).length);
      // One comparison for all formats, so a failure lists every format that changed something.
      const nothing = notice({ keysAdded: 0, translationsAdded: 0, languagesAdded: 0 });
      expect(outcomes).toEqual(
        outcomes.map(({ format, overwrite }) => ({ format, overwrite, notice: nothing, unchanged: true })),
      );
    },
    600_000,
  );
});
