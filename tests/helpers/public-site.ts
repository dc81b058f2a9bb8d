import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { STORAGE_KEYS } from "../../src/web/lib/storage-keys.ts";
import { type AppServer, startAppServer } from "./app-server.ts";
import { launchBrowser } from "./browser.ts";
import { eventually, expectVisible } from "./e2e.ts";

// Shared by the public site's journeys (public-site, public-site-accessibility).

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The landing's sections, as the section nav names them. */
export const SECTIONS = [
  { label: "Write", id: "writers" },
  { label: "Translate", id: "localization" },
  { label: "Build", id: "developers" },
  { label: "Collaborate", id: "teams" },
  { label: "Pricing", id: "pricing" },
  { label: "FAQ", id: "faq" },
];

/** Every public page and its h1. */
export const PUBLIC_PAGES = [
  { path: "/", heading: "Write Better, Translate Faster, Ship Smoother." },
  { path: "/terms-conditions", heading: "Terms and conditions" },
  { path: "/cookie-policy", heading: "Cookie policy" },
  { path: "/about", heading: "About Sprog" },
];

export interface VisitorOptions {
  width?: number;
  /** The cookie banner answered already (true: accepted, false: declined); unset: a new visitor. */
  consent?: boolean;
  reducedMotion?: boolean;
}

export interface PublicSite {
  app: AppServer;
  /** A fresh visitor: own cookies and local storage; closed after the file. */
  visitor(options?: VisitorOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/** The server (no mail server: nobody signs in by code here) and Chromium for one test file. */
export function publicSiteForThisFile(): () => PublicSite {
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startAppServer({ MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  async function visitor(options: VisitorOptions = {}) {
    if (!app || !browser) throw new Error("publicSiteForThisFile(): only inside tests and hooks");
    const appUrl = app.url;
    const width = options.width ?? 1280;
    const context = await browser.newContext({
      viewport: { width, height: width < 640 ? 800 : 900 },
      ...(options.reducedMotion ? { reducedMotion: "reduce" as const } : {}),
    });
    contexts.push(context);
    if (options.consent !== undefined) {
      await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: STORAGE_KEYS.cookieConsent,
        value: JSON.stringify({ accepted: options.consent, expiresAt: Date.now() + DAY_MS }),
      });
    }
    const page = await context.newPage();
    page.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
    // Another build replacing dist/web under a running test shows up here first.
    page.on("requestfailed", (request) => {
      if (request.url().startsWith(appUrl))
        console.warn(`[e2e] request failed: ${request.url()} ${request.failure()?.errorText}`);
    });
    page.on("response", (response) => {
      if (response.status() === 404 && new URL(response.url()).pathname.startsWith("/assets/"))
        console.warn(`[e2e] missing asset: ${response.url()}`);
    });
    return { context, page };
  }

  return () => {
    if (!app) throw new Error("publicSiteForThisFile(): only inside tests and hooks");
    return { app, visitor };
  };
}

export const sectionsNav = (page: Page) => page.getByRole("navigation", { name: "Sections" });
export const footerNav = (page: Page) => page.getByRole("navigation", { name: "Footer" });
export const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
export const storedConsent = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cookieConsent);

/** The section's top edge relative to the viewport's (a section in view sits just under the header). */
const sectionTop = (page: Page, id: string) =>
  page.locator(`[id="${id}"]`).evaluate((element) => Math.round(element.getBoundingClientRect().top));

export const expectSectionInView = (page: Page, id: string) =>
  eventually(
    () => sectionTop(page, id),
    (top) => top >= 0 && top <= 140,
    `the top of #${id} under the sticky header`,
  );

/** Opens the landing and waits for its h1. */
export async function openLanding(page: Page, appUrl: string) {
  await page.goto(`${appUrl}/`);
  await expectVisible(page.getByRole("heading", { level: 1, name: PUBLIC_PAGES[0]?.heading }));
}
