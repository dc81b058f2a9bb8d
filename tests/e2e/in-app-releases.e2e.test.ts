import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { buildExample } from "../../examples/react-i18next/build.ts";
import { contract } from "../../src/shared/contract/index.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { call } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journeyOfPages } from "../helpers/e2e.ts";
import { buildKey, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { button, toast } from "./pages/common.ts";

/**
 * Issue 37 as a team lives it, in Chromium against the real server: the owner publishes a release
 * on the Releases tab; the example app (examples/react-i18next, built once with @sprog/i18next and
 * served from another origin) shows the release's German instead of the text it was built with;
 * the owner signs in to Sprog from the app's page (the popup), Alt+clicks the title, changes it and
 * adds a screenshot; a new release reaches the same build on reload; and with Sprog gone the app
 * still renders: a browser that read a release shows it from its cache, a new one the texts it ships.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `ota-owner-${stamp}-${suffix}@example.test`, firstName: "Olga", lastName: "Owner" };
const VIEWPORT = { width: 1200, height: 800 };

/** The texts the example ships with: its keys and their English and German. */
const localesDir = new URL("../../examples/react-i18next/src/locales/", import.meta.url);
const bundled = {
  en: JSON.parse(readFileSync(new URL("en.json", localesDir), "utf8")) as Record<string, string>,
  de: JSON.parse(readFileSync(new URL("de.json", localesDir), "utf8")) as Record<string, string>,
};
const TITLE_KEY = "home.title";
/** The German title in Sprog (release 1): not the one the app was built with. */
const RELEASED_TITLE = "Willkommen in unserem Laden";
/** The German title the owner writes in the running app (release 2). */
const EDITED_TITLE = "Schön, dass du in unserem Laden bist";
/** The characters in-context editing marks texts with: none may be left in the page. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060-\u2064\uFEFF]/;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/** The built example as static files, on localhost (Sprog is on 127.0.0.1: another origin and site). */
async function serveStatic(root: string): Promise<{ url: string; server: Server }> {
  const base = resolve(root);
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://example").pathname);
    const file = resolve(base, `.${path === "/" ? "/index.html" : path}`);
    if (!file.startsWith(base + sep)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
        });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

/** A test id's text as the page shows it (no marker may be left in it). */
const textOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .textContent({ timeout: 1000 })
    .catch(() => null);

async function expectText(page: Page, testId: string, expected: string, what: string) {
  await eventually(
    () => textOf(page, testId),
    (text) => text === expected,
    what,
  );
}

/** Opens the example (the page and its query) and switches it to German. */
async function openInGerman(page: Page, url: string) {
  await page.goto(url);
  await expectVisible(page.getByTestId("title"));
  await page.getByTestId("language-de").click();
  await expectText(page, "language-label", bundled.de["language.label"] as string, "the page is in German");
}

describe(`over-the-air releases and in-context editing in the example app on ${testDatabaseLabel()}`, () => {
  let app: AppServer;
  let browser: Browser;
  let ownerApi: ApiClient;
  let projectId = "";
  let distributionId = "";
  let titleKeyId = "";
  let exampleDir = "";
  let example: { url: string; server: Server } | undefined;
  /** The owner: signed in to Sprog, publishes and edits. */
  let ownerContext: BrowserContext;
  /** Someone using the app: no Sprog account, reads releases only. */
  let readerContext: BrowserContext;
  const extraContexts: BrowserContext[] = [];
  let appPage: Page | undefined;
  let readerPage: Page | undefined;

  beforeAll(async () => {
    app = await startAppServer({});
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: VIEWPORT });
    readerContext = await browser.newContext({ viewport: VIEWPORT });
    ownerApi = await signInAs(await buildUser(app, owner), { context: ownerContext });
    const team = await buildTeam(ownerApi, { name: `Shop ${suffix}` });
    const project = await buildProject(ownerApi, team.id, { name: "Shop", languages: ["de"] });
    projectId = project.id;
    expect(Object.keys(bundled.de).sort()).toEqual(Object.keys(bundled.en).sort());
    for (const [key, source] of Object.entries(bundled.en)) {
      const german = key === TITLE_KEY ? RELEASED_TITLE : (bundled.de[key] as string);
      const id = await buildKey(ownerApi, projectId, key, { source, strings: { de: german } });
      if (key === TITLE_KEY) titleKeyId = id;
    }
    expect(titleKeyId).not.toBe("");
    expect(bundled.de[TITLE_KEY]).not.toBe(RELEASED_TITLE);
  });

  afterAll(async () => {
    for (const context of [...extraContexts, readerContext, ownerContext])
      await context?.close().catch(() => {});
    await browser?.close();
    example?.server.closeAllConnections();
    await new Promise((done) => (example ? example.server.close(done) : done(undefined)));
    if (exampleDir) await rm(exampleDir, { recursive: true, force: true });
    await app?.stop();
  });

  const { step, open, use } = journeyOfPages("in-app-releases");

  step("1. the owner publishes a release on the Releases tab and sees it in the list", async () => {
    const page = await open(ownerContext);
    await page.goto(`${app.url}/app/releases`);
    await button(page, "Publish release").first().click();
    const dialog = page.getByRole("dialog", { name: "Publish release" });
    await expectVisible(dialog);
    expect(await dialog.getByLabel("Environment").inputValue()).toBe("production");
    await button(dialog, "Publish").click();
    await expectVisible(toast(page, "Release 1 published to production"));
    const row = page.getByRole("region", { name: "Releases table" }).getByTestId("release-row-1");
    await expectVisible(row);
    expect(await row.getByRole("rowheader").textContent()).toBe("Release 1to productionfrom main");
    await expectVisible(row.getByText("production", { exact: true }));

    const list = await call(ownerApi, contract.releases.list, { params: { projectId } });
    expect(list.status).toBe(200);
    expect(list.body.releases.map((release) => [release.number, release.liveIn])).toEqual([
      [1, ["production"]],
    ]);
    expect(list.body.releases[0]?.languages.sort()).toEqual(["de", "en"]);
    distributionId = list.body.distributionId;
    expect(distributionId).toMatch(/^[0-9a-f]{32}$/);
  });

  step("2. the example is built once with the release's address and served from another origin", async () => {
    exampleDir = await mkdtemp(join(tmpdir(), "sprog-example-"));
    await buildExample({
      outDir: exampleDir,
      env: {
        VITE_SPROG_URL: app.url,
        VITE_SPROG_DISTRIBUTION: distributionId,
        VITE_SPROG_EDIT_URL: app.url,
        VITE_SPROG_PROJECT: projectId,
      },
    });
    example = await serveStatic(exampleDir);
    expect(new URL(example.url).origin).not.toBe(new URL(app.url).origin);
    // Another site too: the app's page gets none of Sprog's cookies.
    expect(new URL(example.url).hostname).not.toBe(new URL(app.url).hostname);
  });

  step("3. in a fresh browser the German page shows the release's title, not the built-in one", async () => {
    const page = await open(readerContext);
    readerPage = page;
    const manifests: number[] = [];
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(`/ota/${distributionId}/production/manifest.json`)) {
        manifests.push(response.status());
      }
      if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
    });
    await openInGerman(page, `${example?.url}/`);
    await expectText(page, "title", RELEASED_TITLE, "the released German title");
    await expectText(page, "greeting", "Hallo Ana, schön, dass du da bist.", "the German greeting");
    await expectText(page, "cart-items", "Dein Warenkorb ist leer", "the German plural at 0");
    await page.getByTestId("add-item").click();
    await expectText(page, "cart-items", "1 Artikel im Warenkorb", "the German plural at 1");
    expect(manifests).toEqual([200]);
    // A production build without ?sprog-edit: no editing, not even its code, for the app's visitors.
    expect(await page.locator("[data-sprog-in-context]").count()).toBe(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => path.includes("in-context"))).toEqual([]);
  });

  step("4. the owner signs in to Sprog from the app's page through the popup", async () => {
    const page = await open(ownerContext);
    appPage = page;
    await openInGerman(page, `${example?.url}/?sprog-edit`);
    await expectText(page, "title", RELEASED_TITLE, "the released German title");
    const signIn = button(page, "Sign in to Sprog to edit texts");
    await expectVisible(signIn);
    const [popup] = await Promise.all([ownerContext.waitForEvent("page"), signIn.click()]);
    use(popup);
    await popup.waitForLoadState();
    const connect = new URL(popup.url());
    expect(connect.origin).toBe(new URL(app.url).origin);
    expect(connect.pathname).toBe("/in-context/connect");
    expect(connect.searchParams.get("project")).toBe(projectId);
    expect(connect.searchParams.get("origin")).toBe(new URL(example?.url ?? "").origin);
    // The page must leave the popup its opener: the token goes back through it.
    const served = await ownerContext.request.get(popup.url());
    expect(served.status()).toBe(200);
    expect(served.headers()["cross-origin-opener-policy"]).toBe("unsafe-none");
    expect(await popup.evaluate(() => window.opener !== null)).toBe(true);

    const allow = button(popup, "Allow");
    await expectVisible(allow);
    await expectVisible(popup.getByText(new URL(example?.url ?? "").origin).first());
    await Promise.all([popup.waitForEvent("close"), allow.click()]);
    use(page);
    await expectVisible(button(page, "Stop editing"));
    await expectVisible(page.getByText("Editing as Olga Owner — hold Alt and click a text"));
  });

  step("5. Alt+click on the title opens the editor; Save changes the page at once and Sprog", async () => {
    const page = use(appPage);
    await page.keyboard.down("Alt");
    // Held Alt outlines every text the page shows (language label, title, greeting, cart, button).
    await eventually(
      () => page.locator("[data-sprog-in-context] .box").count(),
      (count) => count >= 5,
      "the outlines of the editable texts",
    );
    await page.getByTestId("title").click();
    await page.keyboard.up("Alt");
    const dialog = page.getByRole("dialog", { name: "Edit text" });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(TITLE_KEY, { exact: true }));
    await expectVisible(dialog.getByText(bundled.en[TITLE_KEY] as string, { exact: true }));
    const field = dialog.getByLabel("Text (de)");
    await expectVisible(field);
    expect(await field.inputValue()).toBe(RELEASED_TITLE);
    await field.fill(EDITED_TITLE);
    await button(dialog, "Save").click();
    await eventually(
      () => dialog.count(),
      (count) => count === 0,
      "the editor closed",
    );
    await expectText(page, "title", EDITED_TITLE, "the edited title, shown at once");

    const history = await call(ownerApi, contract.strings.history, {
      params: { keyId: titleKeyId, lang: "de" },
    });
    expect(history.status).toBe(200);
    expect(history.body.entries[0]).toMatchObject({ value: EDITED_TITLE, by: "Olga Owner" });
    const keys = await call(ownerApi, contract.keys.list, { params: { projectId }, query: {} });
    const title = keys.body.keys.find((key) => key.key === TITLE_KEY);
    expect(title?.strings.de?.value).toBe(EDITED_TITLE);
    // Nothing else moved: the source and the other keys are as they were.
    expect(title?.strings.en?.value).toBe(bundled.en[TITLE_KEY]);
    expect(keys.body.keys.map((key) => key.key).sort()).toEqual(Object.keys(bundled.en).sort());
  });

  step("6. Add screenshot in the editor links a picture of the page with the title's rectangle", async () => {
    const page = use(appPage);
    const box = await page.getByTestId("title").boundingBox();
    if (!box) throw new Error("the title has no box");
    await page.keyboard.down("Alt");
    await page.getByTestId("title").click();
    await page.keyboard.up("Alt");
    const dialog = page.getByRole("dialog", { name: "Edit text" });
    await expectVisible(dialog);
    expect(await dialog.getByLabel("Text (de)").inputValue()).toBe(EDITED_TITLE);
    await button(dialog, "Add screenshot").click();
    await expectVisible(dialog.getByText("Screenshot added"), 30_000);
    await button(dialog, "Cancel").click();
    await eventually(
      () => dialog.count(),
      (count) => count === 0,
      "the editor closed",
    );

    const shots = await call(ownerApi, contract.screenshots.listForKey, { params: { keyId: titleKeyId } });
    expect(shots.status).toBe(200);
    expect(shots.body.screenshots).toHaveLength(1);
    const [shot] = shots.body.screenshots;
    const rect = shot?.rect;
    if (!shot || !rect) throw new Error(`the screenshot has no rectangle: ${JSON.stringify(shot)}`);
    expect(shot.mime).toBe("image/png");
    // The window's picture (device pixel ratio 1), with the title's box on it.
    expect([shot.width, shot.height]).toEqual([VIEWPORT.width, VIEWPORT.height]);
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.y).toBeGreaterThanOrEqual(0);
    expect(rect.width).toBeGreaterThan(0);
    expect(rect.height).toBeGreaterThan(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(shot.width);
    expect(rect.y + rect.height).toBeLessThanOrEqual(shot.height);
    expect(Math.abs(rect.x - box.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(rect.y - box.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(rect.width - box.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(rect.height - box.height)).toBeLessThanOrEqual(2);

    // The stored picture is a PNG of that size, and the title's text is inside the rectangle.
    const file = await ownerApi.request<Uint8Array>("GET", shot.url, { bytes: true });
    expect(file.status).toBe(200);
    const png = Buffer.from(file.body);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([shot.width, shot.height]);
    const dark = await page.evaluate(
      async ({ base64, rect }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2d context");
        context.drawImage(image, 0, 0);
        const share = (x: number, y: number, width: number, height: number) => {
          const { data } = context.getImageData(x, y, width, height);
          let count = 0;
          for (let i = 0; i < data.length; i += 4) {
            if ((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 3 * 128) count++;
          }
          return count / (width * height);
        };
        return {
          inRect: share(rect.x, rect.y, rect.width, rect.height),
          whole: share(0, 0, image.width, image.height),
        };
      },
      { base64: png.toString("base64"), rect },
    );
    expect(dark.inRect).toBeGreaterThan(0.03);
    expect(dark.whole).toBeLessThan(0.1);
  });

  step("7. with editing on, no marker character is left anywhere in the app's page", async () => {
    const page = use(appPage);
    // Every text once more, in both languages, with the markers on.
    await page.getByTestId("add-item").click();
    await expectText(page, "cart-items", "1 Artikel im Warenkorb", "the German plural at 1");
    await page.getByTestId("language-en").click();
    await expectText(page, "title", bundled.en[TITLE_KEY] as string, "the English title");
    await page.getByTestId("language-de").click();
    await expectText(page, "title", EDITED_TITLE, "the edited German title");
    const markup = await page.evaluate(() => {
      const host = document.querySelector("[data-sprog-in-context]");
      return [document.title, document.documentElement.outerHTML, host?.shadowRoot?.innerHTML ?? ""].join(
        "\n",
      );
    });
    expect(markup).toContain(EDITED_TITLE);
    expect(markup.match(ZERO_WIDTH)).toBeNull();
  });

  step("8. a new release reaches the same build: an open page at its next check, and a reload", async () => {
    // A page left open on release 1: Playwright's clock lets the test move on to its next look
    // (every 5 minutes). A context of its own: the clock stays in the context's later pages too.
    const watcherContext = await browser.newContext({ viewport: VIEWPORT });
    extraContexts.push(watcherContext);
    await watcherContext.clock.install();
    const watcher = await open(watcherContext);
    await openInGerman(watcher, `${example?.url}/`);
    await expectText(watcher, "title", RELEASED_TITLE, "release 1's German title");
    await watcher.getByTestId("add-item").click();

    const published = await call(ownerApi, contract.releases.publish, {
      params: { projectId },
      body: { environment: "production" },
    });
    expect(published.status).toBe(201);
    expect(published.body.number).toBe(2);
    await watcher.clock.fastForward("05:01");
    await expectText(watcher, "title", EDITED_TITLE, "release 2's German title in the open page");
    await expectText(watcher, "cart-items", "1 Artikel im Warenkorb", "the page's state kept");

    // The visitor of step 3 comes back: the app asks Sprog with release 1's ETag and gets release 2.
    const page = use(readerPage);
    const manifests: number[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(`/ota/${distributionId}/production/manifest.json`)) {
        manifests.push(response.status());
      }
    });
    await openInGerman(page, `${example?.url}/`);
    await expectText(page, "title", EDITED_TITLE, "release 2's German title");
    await expectText(page, "greeting", "Hallo Ana, schön, dass du da bist.", "the German greeting");
    expect(manifests).toEqual([200]);
  });

  step(
    "9. with Sprog stopped, the app still renders: its cached release, or the texts it ships",
    async () => {
      await app.stop();
      const down = await readerContext.request
        .get(`${app.url}/ota/${distributionId}/production/manifest.json`)
        .then(
          (answer) => answer.status(),
          () => "unreachable",
        );
      expect(down).toBe("unreachable");

      const page = use(readerPage);
      await openInGerman(page, `${example?.url}/`);
      await expectText(page, "title", EDITED_TITLE, "the cached release's German title");
      await page.getByTestId("language-en").click();
      await expectText(page, "title", bundled.en[TITLE_KEY] as string, "the cached release's English title");

      const fresh = await browser.newContext({ viewport: VIEWPORT });
      extraContexts.push(fresh);
      const newcomer = await open(fresh);
      await openInGerman(newcomer, `${example?.url}/`);
      await expectText(newcomer, "title", bundled.de[TITLE_KEY] as string, "the German title the app ships");
      await expectText(
        newcomer,
        "greeting",
        "Hallo Ana, schön, dass du da bist.",
        "the German greeting it ships",
      );
      expect(
        await newcomer.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("sprog:"))),
      ).toEqual([]);
    },
  );
});
