import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../src/web/lib/storage-keys.ts";
import { testDatabaseKind } from "../helpers/database.ts";
import { expectPath, expectVisible } from "../helpers/e2e.ts";
import { buildUser, signInAs } from "../helpers/factories.ts";
import { banner, DAY_MS, openLanding, publicSiteForThisFile, storedConsent } from "../helpers/public-site.ts";

/**
 * Cookies on the public site (spec point 9; issue 7): the cookie policy lists every cookie the server
 * sets and every local storage key the app uses, and the cookie banner asks a new visitor, links to
 * the policy, keeps Accept or Decline for 150 days, asks again after them, and works by keyboard.
 */

describe(`cookies on the public site on ${testDatabaseKind() === "postgres" ? "PostgreSQL" : "PGlite"}`, () => {
  const site = publicSiteForThisFile();

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
    for (const [name, key] of Object.entries(STORAGE_KEYS)) {
      const shown =
        typeof key === "string" ? key : (key as (...ids: string[]) => string)("{user id}", "{project id}");
      expect(storage, `local storage key ${name}`).toContain(shown);
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
