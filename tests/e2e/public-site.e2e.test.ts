import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TOPIC_IDS } from "../../src/web/features/docs/topics.ts";
import { shownName } from "../../src/web/features/public-site/content/storage-inventory.ts";
import { STORAGE_KEYS } from "../../src/web/lib/storage-keys.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible } from "../helpers/e2e.ts";
import { buildUser, signInAs } from "../helpers/factories.ts";
import {
  banner,
  DAY_MS,
  expectSectionInView,
  footerNav,
  openLanding,
  PUBLIC_PAGES,
  publicSiteForThisFile,
  SECTIONS,
  sectionsNav,
  storedConsent,
} from "../helpers/public-site.ts";

/**
 * The public site in Chromium against the real server (spec points 1, 2, 4 and 9; issue 7): the
 * landing's hero and features, its nav anchors (smooth, or a jump for reduced motion), logo and
 * account links, the skip link, every footer link, /features and /pricing, unknown paths, the legal
 * pages' content, the cookie policy (every cookie and local storage key the app uses) and the cookie
 * banner answered both ways. Axe on every public page and the small-screen screenshots are
 * public-site-accessibility.e2e.test.ts; the shared setup is tests/helpers/public-site.ts.
 */

describe(`the public site on ${testDatabaseLabel()}`, () => {
  const site = publicSiteForThisFile();

  it("shows the hero with the app's screenshot, and loads none of the /app code", async () => {
    const { page } = await site().visitor({ consent: true });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await openLanding(page, site().app.url);
    await page.waitForLoadState("networkidle");

    const tryForFree = page.getByRole("link", { name: "Try for free" });
    expect(await tryForFree.getAttribute("href")).toBe("/signup");
    const screenshot = page.getByRole("img", { name: /Sprog Overview/ });
    await expectVisible(screenshot);
    const image = await screenshot.evaluate((element) => {
      const img = element as HTMLImageElement;
      return { loaded: img.complete && img.naturalWidth > 0, src: img.currentSrc };
    });
    expect(image.loaded).toBe(true);
    expect(image.src).toMatch(/\/assets\/app-overview-\d+-[\w-]+\.webp$/);

    expect(scripts.length).toBeGreaterThan(0);
    // Texts only the /app screens hold (bench/landing.ts checks the same way).
    const appMarkers = ["No projects in the team", "Wonderful, a new beginning", "Add keys to review"];
    const appCode: string[] = [];
    for (const path of scripts) {
      const body = await (await page.request.get(`${site().app.url}${path}`)).text();
      if (appMarkers.some((marker) => body.includes(marker))) appCode.push(path);
    }
    expect(appCode).toEqual([]);
  });

  it("names the features in sections writers, localization, developers and teams, each linking to its docs", async () => {
    const { page } = await site().visitor({ consent: true });
    await openLanding(page, site().app.url);
    for (const id of ["writers", "localization", "developers", "teams"]) {
      const links = await page
        .locator(`section[id="${id}"] a`)
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
      expect(links.length, `feature links in #${id}`).toBeGreaterThan(0);
      for (const href of links) {
        expect(href).toMatch(/^\/docs\/[a-z-]+$/);
        expect(TOPIC_IDS).toContain(href.slice("/docs/".length));
      }
    }
    const text = await page.locator("main").innerText();
    for (const feature of [
      "AI grammar and tone polishing",
      "Rephrase, Shorten or Expand",
      "Managed reviews with approvals",
      "Universal placeholders",
      "Team roles",
      "Import your files",
      "Export in every format",
      "API, CLI and webhooks",
    ]) {
      expect(text).toContain(feature);
    }
    const pricing = page.locator('section[id="pricing"]');
    const getStarted = pricing.getByRole("link", { name: "Get started now" });
    expect(await getStarted.getAttribute("href")).toBe("/signup");
    await expectVisible(
      page.locator('section[id="faq"]').getByText("Is my content used to train AI models?"),
    );

    // A feature link opens its docs topic.
    await page
      .locator('section[id="developers"]')
      .getByRole("link", { name: /API, CLI and webhooks/ })
      .click();
    await expectPath(page, /^\/docs\/api$/);
  });

  it("scrolls smoothly to each section from the nav, and the logo back to the top", async () => {
    const { page } = await site().visitor({ consent: true });
    await openLanding(page, site().app.url);
    for (const { label, id } of SECTIONS) {
      await sectionsNav(page).getByRole("link", { name: label, exact: true }).click();
      await expectPath(page, /^\/$/);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
      await expectSectionInView(page, id);
    }
    // Smooth: the page passes through several positions on its way (scroll events on many frames).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      window.addEventListener("scroll", () => seen.push(window.scrollY));
    });
    await page.getByRole("link", { name: "Sprog home" }).click();
    await eventually(
      () => page.evaluate(() => window.scrollY),
      (y) => y === 0,
      "scrolled back to the top",
    );
    expect(new URL(page.url()).hash).toBe("");
    const positions = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    expect(new Set(positions).size, "distinct scroll positions on the way up").toBeGreaterThan(2);
  });

  it("jumps without animation when the visitor prefers reduced motion", async () => {
    const { page } = await site().visitor({ consent: true, reducedMotion: true });
    await openLanding(page, site().app.url);
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      window.addEventListener("scroll", () => seen.push(window.scrollY));
    });
    await sectionsNav(page).getByRole("link", { name: "FAQ", exact: true }).click();
    await expectSectionInView(page, "faq");
    await page.waitForTimeout(300);
    const positions = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    expect(new Set(positions).size, "one jump").toBe(1);
  });

  it("lets keyboard users skip the header to the content", async () => {
    const { page } = await site().visitor({ consent: true });
    await page.goto(`${site().app.url}/terms-conditions`);
    await expectVisible(page.getByRole("heading", { level: 1, name: "Terms and conditions" }));
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    await eventually(
      () => page.evaluate(() => document.activeElement?.id ?? ""),
      (id) => id === "main",
      "focus on <main>",
    );
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
  });

  it("takes Log In, Sign Up and Try for free to /login and /signup", async () => {
    const { page } = await site().visitor({ consent: true });
    const cases = [
      { from: page.getByRole("banner").getByRole("link", { name: "Log In" }), path: /^\/login$/ },
      { from: page.getByRole("banner").getByRole("link", { name: "Sign Up" }), path: /^\/signup$/ },
      { from: page.getByRole("link", { name: "Try for free" }), path: /^\/signup$/ },
      { from: page.getByRole("link", { name: "Get started now" }), path: /^\/signup$/ },
    ];
    for (const { from, path } of cases) {
      await openLanding(page, site().app.url);
      await from.click();
      await expectPath(page, path);
      await expectVisible(page.getByText(/Speak a language everyone understands|Create your account/));
    }
  });

  it("follows every footer link to a page, or to the matching landing section", async () => {
    const { page } = await site().visitor({ consent: true });
    const expected: Record<
      string,
      { path: RegExp; hash?: string; shows: () => ReturnType<Page["getByText"]> }
    > = {
      Features: { path: /^\/$/, hash: "#writers", shows: () => page.locator('section[id="writers"] h2') },
      Pricing: {
        path: /^\/$/,
        hash: "#pricing",
        shows: () => page.getByRole("link", { name: "Get started now" }),
      },
      FAQ: { path: /^\/$/, hash: "#faq", shows: () => page.getByText("Frequently asked questions") },
      "Sign Up": { path: /^\/signup$/, shows: () => page.getByText("Create your account") },
      "Log In": { path: /^\/login$/, shows: () => page.getByText("Speak a language everyone understands") },
      Documentation: { path: /^\/docs\/?$/, shows: () => page.getByRole("heading").first() },
      "API, CLI and webhooks": { path: /^\/docs\/api$/, shows: () => page.getByRole("heading").first() },
      "API reference": { path: /^\/api\/docs$/, shows: () => page.locator("body") },
      "Design system": {
        path: /^\/style-guide$/,
        shows: () => page.getByRole("heading", { name: /Colors/i }),
      },
      About: { path: /^\/about$/, shows: () => page.getByRole("heading", { level: 1, name: "About Sprog" }) },
      "Terms and conditions": {
        path: /^\/terms-conditions$/,
        shows: () => page.getByRole("heading", { level: 1, name: "Terms and conditions" }),
      },
      "Cookie policy": {
        path: /^\/cookie-policy$/,
        shows: () => page.getByRole("heading", { level: 1, name: "Cookie policy" }),
      },
    };
    await openLanding(page, site().app.url);
    const labels = await footerNav(page)
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ""));
    expect(labels.sort()).toEqual(Object.keys(expected).sort());

    // From a legal page, so that the section links have to come back to the landing.
    for (const [label, { path, hash, shows }] of Object.entries(expected)) {
      await page.goto(`${site().app.url}/about`);
      await expectVisible(page.getByRole("heading", { level: 1, name: "About Sprog" }));
      await footerNav(page).getByRole("link", { name: label, exact: true }).click();
      await expectPath(page, path);
      await expectVisible(shows());
      if (hash) {
        expect(new URL(page.url()).hash, label).toBe(hash);
        await expectSectionInView(page, hash.slice(1));
      }
    }
  });

  it("sends /features and /pricing to their landing sections, and any unknown public path to /", async () => {
    const { page } = await site().visitor({ consent: true });
    for (const [path, id] of [
      ["/features", "writers"],
      ["/pricing", "pricing"],
    ] as const) {
      await page.goto(`${site().app.url}${path}`);
      await expectPath(page, /^\/$/);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
      await expectSectionInView(page, id);
    }
    for (const path of ["/nowhere", "/terms", "/about/team", "/pricing/enterprise"]) {
      await page.goto(`${site().app.url}${path}`);
      await expectPath(page, /^\/$/);
      await expectVisible(page.getByRole("heading", { level: 1, name: PUBLIC_PAGES[0]?.heading }));
    }
  });

  it("describes Sprog as a Danish company whose users' data is never used to train AI models", async () => {
    const { page } = await site().visitor({ consent: true });
    await page.goto(`${site().app.url}/terms-conditions`);
    await expectVisible(page.getByRole("heading", { level: 1, name: "Terms and conditions" }));
    const terms = await page.locator("main").innerText();
    expect(terms).toContain("a Danish company");
    expect(terms).toContain("Your data stays yours");
    expect(terms).toContain("We never use your data to train AI models");

    await page.goto(`${site().app.url}/about`);
    await expectVisible(page.getByRole("heading", { level: 1, name: "About Sprog" }));
    expect(await page.locator("main").innerText()).toContain("Sprog is a Danish company");
  });

  it("lists in the cookie policy every cookie the server sets and every local storage key the app uses", async () => {
    const { context, page } = await site().visitor({ consent: false });
    // Signed in as the app signs people in (the session cookie better-auth sets), without a code.
    const ida = await buildUser(site().app, {
      email: `public-${Date.now().toString(36)}@example.test`,
      firstName: "Ida",
      lastName: "Jensen",
    });
    await signInAs(ida, { context });
    // Some use of the app, so that every cookie it sets is there.
    await page.goto(`${site().app.url}/app/overview`);
    await page.waitForLoadState("networkidle");
    const cookieNames = (await context.cookies()).map((cookie) => cookie.name);
    expect(cookieNames.length).toBeGreaterThan(0);

    await page.goto(`${site().app.url}/cookie-policy`);
    await expectVisible(page.getByRole("heading", { level: 1, name: "Cookie policy" }));
    const cookies = await page.getByRole("list", { name: "Cookies" }).innerText();
    for (const name of cookieNames) expect(cookies, `cookie ${name}`).toContain(name);

    const storage = await page.getByRole("list", { name: "Local storage" }).innerText();
    for (const name of Object.keys(STORAGE_KEYS) as (keyof typeof STORAGE_KEYS)[]) {
      expect(storage, `local storage key ${name}`).toContain(shownName(name));
    }
    // And nothing the app stored is missing from the list.
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored.length).toBeGreaterThan(0);
    const patterns = Object.values(STORAGE_KEYS).map((key) =>
      typeof key === "string"
        ? new RegExp(`^${key.replace(/\./g, "\\.")}$`)
        : new RegExp(
            `^${(key as (...ids: string[]) => string)("ID", "ID")
              .replace(/\./g, "\\.")
              .replaceAll("ID", "[^.]+")}$`,
          ),
    );
    for (const key of stored)
      expect(
        patterns.some((pattern) => pattern.test(key)),
        key,
      ).toBe(true);
  });

  describe("the cookie banner", () => {
    it("asks a new visitor, links to the policy, and once accepted stays away for 150 days", async () => {
      const { page } = await site().visitor();
      await openLanding(page, site().app.url);
      await expectVisible(banner(page));
      expect(await banner(page).getByRole("link", { name: "cookie policy" }).getAttribute("href")).toBe(
        "/cookie-policy",
      );
      await banner(page).getByRole("link", { name: "cookie policy" }).click();
      await expectPath(page, /^\/cookie-policy$/);
      // Reading the policy is not an answer.
      await expectVisible(banner(page));

      const before = Date.now();
      await banner(page).getByRole("button", { name: "Accept" }).click();
      await banner(page).waitFor({ state: "detached" });
      const stored = JSON.parse((await storedConsent(page)) ?? "null") as {
        accepted: boolean;
        expiresAt: number;
      };
      expect(stored.accepted).toBe(true);
      expect(stored.expiresAt).toBeGreaterThanOrEqual(before + 150 * DAY_MS);
      expect(stored.expiresAt).toBeLessThanOrEqual(Date.now() + 150 * DAY_MS);

      await page.reload();
      await expectVisible(page.getByRole("heading", { level: 1, name: "Cookie policy" }));
      await openLanding(page, site().app.url);
      await page.waitForTimeout(200);
      expect(await banner(page).count()).toBe(0);
    });

    it("remembers Decline as false and does not ask again", async () => {
      const { page } = await site().visitor();
      await page.goto(`${site().app.url}/about`);
      await expectVisible(banner(page));
      await banner(page).getByRole("button", { name: "Decline" }).click();
      await banner(page).waitFor({ state: "detached" });
      const stored = JSON.parse((await storedConsent(page)) ?? "null") as { accepted: boolean };
      expect(stored.accepted).toBe(false);
      await openLanding(page, site().app.url);
      await page.waitForTimeout(200);
      expect(await banner(page).count()).toBe(0);
    });

    it("asks again once the 150 days are over", async () => {
      const { page } = await site().visitor();
      await page.goto(`${site().app.url}/about`);
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: STORAGE_KEYS.cookieConsent,
        value: JSON.stringify({ accepted: true, expiresAt: Date.now() - 1 }),
      });
      await openLanding(page, site().app.url);
      await expectVisible(banner(page));
    });

    it("can be answered with the keyboard", async () => {
      const { page } = await site().visitor();
      await openLanding(page, site().app.url);
      await banner(page).getByRole("button", { name: "Decline" }).focus();
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("cookie policy");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Accept");
      await page.keyboard.press("Enter");
      await banner(page).waitFor({ state: "detached" });
      expect(JSON.parse((await storedConsent(page)) ?? "null")).toMatchObject({ accepted: true });
    });
  });
});
