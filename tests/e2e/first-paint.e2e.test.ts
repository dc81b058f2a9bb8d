import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { earlyRequestsKey } from "../../src/web/early/early-requests.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { call, requestOf } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { expectVisible, journey } from "../helpers/e2e.ts";
import { buildKey, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";

/**
 * Issue 34, first paint, in Chromium against the built app: the signed-in area's page names its
 * code (fetched with the entry, compressed), the Overview's first data is asked for by the early
 * script on a return visit and taken by the app without asking twice, the import dialog's code
 * waits for the dialog, and signing out forgets the early list.
 */

const suffix = randomBytes(3).toString("hex");

describe(`first paint on ${testDatabaseLabel()}`, () => {
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let owner: ApiClient;
  let projectId = "";
  let page: Page | undefined;
  const step = journey("first paint", () => page);
  const p = (): Page => {
    if (!page) throw new Error("the page is not open yet");
    return page;
  };

  beforeAll(async () => {
    app = await startAppServer({});
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const user = await buildUser(app, { email: `first-paint-${suffix}@example.test`, firstName: "Fay" });
    owner = await signInAs(user, { context });
    const teamId = (await buildTeam(owner, { name: `First paint ${suffix}` })).id;
    projectId = (await buildProject(owner, teamId, { name: "Storefront", languages: ["de"] })).id;
    for (let i = 0; i < 5; i++) {
      await buildKey(owner, projectId, `home.title${i}`, {
        source: `Welcome ${i}`,
        strings: { de: `Willkommen ${i}` },
      });
    }
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  /** Opens the Overview and answers every request the page made until its first key row showed. */
  async function openOverview(): Promise<Request[]> {
    const requests: Request[] = [];
    const record = (request: Request) => requests.push(request);
    p().on("request", record);
    try {
      await p().goto(`${app.url}/app/overview`);
      await expectVisible(p().locator('tr[data-key="home.title0"]'));
      return requests;
    } finally {
      p().off("request", record);
    }
  }

  // The key list's path with its query begun: the facets (`/keys/facets?`) do not match.
  const keysPath = () => `${requestOf(contract.keys.list, { params: { projectId } }).path}?`;
  const sessionPath = requestOf(contract.auth.session, undefined).path;

  step("1. the /app page fetches its screen's code with the entry, compressed", async () => {
    const requests = await openOverview();
    const html = await (await fetch(`${app.url}/app/overview`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloaded.length).toBeGreaterThan(0);
    // Every script the Overview ran was named by the page: none waited for another to ask for it.
    const scripts = requests
      .filter((request) => request.resourceType() === "script")
      .map((request) => new URL(request.url()).pathname);
    const named = new Set([
      ...preloaded,
      ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ]);
    expect(scripts.filter((script) => !named.has(script))).toEqual([]);
    const entryScript = /<script type="module" crossorigin src="([^"]+)">/.exec(html)?.[1];
    expect(entryScript).toMatch(/^\/assets\/index-/);
    const code = await fetch(`${app.url}${entryScript}`, { headers: { "accept-encoding": "gzip, br" } });
    expect(code.headers.get("content-encoding")).toBe("br");
    // The landing names its own code (it is rendered at build time, the script follows), and of
    // the Overview's files only those the public pages share with it.
    const landing = await (await fetch(`${app.url}/`)).text();
    const landingPreloads = [...landing.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(landingPreloads.length).toBeGreaterThan(0);
    const overviewOnly = preloaded.filter((file) => !/^\/assets\/(early|shared)-/.test(file ?? ""));
    expect(landingPreloads.filter((file) => overviewOnly.includes(file))).toEqual([]);
  });

  step("2. the first visit noted the Overview's opening requests, the keys among them", async () => {
    const noted = await p().evaluate((key) => localStorage.getItem(key), earlyRequestsKey("/app/overview"));
    const paths = JSON.parse(noted ?? "[]") as string[];
    expect(paths).toContain(sessionPath);
    expect(paths.some((path) => path.startsWith(keysPath()))).toBe(true);
    // The counts wait for the rows on purpose: they are not part of the opening.
    expect(paths.some((path) => path.endsWith("/completion"))).toBe(false);
  });

  step("3. a return visit on a slow line asks for the keys once, early, and shows them", async () => {
    // Slow enough that the app's entry takes a while to arrive: the early script's requests go first.
    const cdp = await context.newCDPSession(p());
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 100,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    try {
      const requests = await openOverview();
      const keyRequests = requests.filter((request) => request.url().includes(keysPath()));
      expect(keyRequests).toHaveLength(1);
      expect(await keyRequests[0]?.response().then((response) => response?.status())).toBe(200);
      const sessions = requests.filter((request) => new URL(request.url()).pathname === sessionPath);
      expect(sessions).toHaveLength(1);
      // Asked for before the app's entry had arrived: by the early script, not by the app.
      const timing = await p().evaluate(() => {
        const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const entry = entries.find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name));
        const keys = entries.find((e) => e.name.includes("/keys?"));
        return { entryEnd: entry?.responseEnd ?? Number.NaN, keysStart: keys?.startTime ?? Number.NaN };
      });
      expect(timing.keysStart).toBeLessThan(timing.entryEnd);
      await expectVisible(p().getByText("Willkommen 4", { exact: true }));
    } finally {
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    }
  });

  step("4. the import dialog's code loads when the dialog opens", async () => {
    const scripts: string[] = [];
    const record = (request: Request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    };
    p().on("request", record);
    await p().getByRole("button", { name: "Import", exact: true }).click();
    await expectVisible(p().getByRole("dialog"));
    p().off("request", record);
    expect(scripts.length).toBeGreaterThan(0);
    await p().keyboard.press("Escape");
  });

  step("4b. a group larger than a page shows its whole count while its keys load", async () => {
    const file: Record<string, string> = {};
    for (let i = 0; i < 260; i++) file[`label.k${String(i).padStart(3, "0")}`] = `Label ${i}`;
    const imported = await call(owner, contract.transfer.import, {
      params: { projectId },
      body: { file: new File([JSON.stringify(file)], "en.json"), language: "en" },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    // The next page is held back: the screen shows the first page only, as on a slow line.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const nextPage = /\/api\/projects\/[^/]+\/keys\?.*after=/;
    await p().route(nextPage, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await p().goto(`${app.url}/app/overview`);
      // The first page has 200 keys: home's 5 and 195 of label's 260. The header says 260, not 195+.
      const header = p()
        .locator("tr")
        .filter({ hasText: /^label/ })
        .first();
      await expectVisible(header);
      await expect.poll(() => header.textContent(), { timeout: 15_000 }).toMatch(/^label\s*260$/);
      expect(await p().locator('tr[data-key^="label."]').count()).toBeLessThan(260);
      expect(await p().locator('tr[data-key="label.k259"]').count()).toBe(0);
    } finally {
      release();
      await p().unroute(nextPage);
    }
  });

  step("5. signing out forgets the early list", async () => {
    await p().getByRole("button", { name: "User menu" }).click();
    await p().getByRole("menuitem", { name: "Sign Out" }).click();
    await p().waitForURL((url) => !url.pathname.startsWith("/app"));
    const noted = await p().evaluate((key) => localStorage.getItem(key), earlyRequestsKey("/app/overview"));
    expect(noted).toBeNull();
  });

  step("6. the public pages are readable before any script runs, then the app takes over", async () => {
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const reader = await noScript.newPage();
      const headings: Record<string, string> = {
        "/": "Write Better, Translate Faster, Ship Smoother.",
        "/docs/api": "API, CLI and webhooks",
        "/terms-conditions": "Terms and conditions",
        "/cookie-policy": "Cookie policy",
      };
      for (const [path, heading] of Object.entries(headings)) {
        await reader.goto(`${app.url}${path}`);
        await expectVisible(reader.getByRole("heading", { level: 1, name: heading }));
        // Everyone's page: no cookie banner is written into it.
        expect(await reader.getByRole("region", { name: "Cookie consent" }).count(), path).toBe(0);
      }
    } finally {
      await noScript.close();
    }
    // With scripts, a new visitor's page becomes the app: the banner asks, the links route.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await visitor.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto(`${app.url}/docs/api`);
      await expectVisible(page.getByRole("region", { name: "Cookie consent" }));
      await expectVisible(page.getByRole("heading", { level: 1, name: "API, CLI and webhooks" }));
      await page
        .getByRole("region", { name: "Cookie consent" })
        .getByRole("link", { name: "cookie policy" })
        .click();
      await expectVisible(page.getByRole("heading", { level: 1, name: "Cookie policy" }));
      expect(new URL(page.url()).pathname).toBe("/cookie-policy");
      expect(errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
