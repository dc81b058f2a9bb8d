import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectPath, expectVisible } from "../helpers/e2e.ts";
import { buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { banner, publicSiteForThisFile, storedConsent } from "../helpers/public-site.ts";

/**
 * Issue 19: the cookie banner asks on every page, not only the public site's (spec point 2), and a
 * visitor's page load is clean: the session check is an answer, not a 401 in the console.
 */
describe("site-wide cookie banner and a quiet session check", () => {
  const site = publicSiteForThisFile();

  /** What the browser would show a developer in red, and every refused request. */
  function watch(page: Page) {
    const consoleErrors: string[] = [];
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    page.on("response", (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    return { consoleErrors, refused };
  }

  it("asks on /login, /signup, /docs and in the app until accepted, then not after a reload", async () => {
    const { context, page } = await site().visitor();
    const url = site().app.url;
    for (const [path, shows] of [
      ["/login", () => page.getByLabel("Email")],
      ["/signup", () => page.getByRole("heading", { name: "Create your account" })],
      ["/docs", () => page.getByRole("heading", { level: 1 })],
    ] as const) {
      await page.goto(`${url}${path}`);
      await expectVisible(shows());
      await expectVisible(banner(page));
      expect(await banner(page).count(), `one banner on ${path}`).toBe(1);
    }

    const owner = await buildUser(site().app, { firstName: "Bente", lastName: "Banner" });
    await buildTeam(await signInAs(owner, { context }), { name: "Banner team" });
    await page.goto(`${url}/app/overview`);
    await expectPath(page, /^\/app\/overview$/);
    await expectVisible(banner(page));
    expect(await banner(page).count()).toBe(1);

    await banner(page).getByRole("button", { name: "Accept" }).click();
    await banner(page).waitFor({ state: "detached" });
    expect(JSON.parse((await storedConsent(page)) ?? "null")).toMatchObject({ accepted: true });

    await page.reload();
    await expectPath(page, /^\/app\/overview$/);
    await expectVisible(page.getByText("No projects in the team"));
    await page.waitForTimeout(200);
    expect(await banner(page).count()).toBe(0);
    await page.goto(`${url}/login`);
    await expectPath(page, /^\/app\/overview$/);
    await page.goto(`${url}/docs`);
    await expectVisible(page.getByRole("heading", { level: 1 }));
    await page.waitForTimeout(200);
    expect(await banner(page).count()).toBe(0);
  });

  it("loads /, /login and /docs for a visitor without a console error or a refused request", async () => {
    const { page } = await site().visitor({ consent: true });
    const { consoleErrors, refused } = watch(page);
    const sessionChecks: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/auth/session") sessionChecks.push(response.status());
    });
    const url = site().app.url;
    for (const [path, shows] of [
      ["/", () => page.getByRole("heading", { level: 1 })],
      ["/login", () => page.getByLabel("Email")],
      ["/docs", () => page.getByRole("heading", { level: 1 })],
    ] as const) {
      await page.goto(`${url}${path}`);
      await expectVisible(shows());
      await page.waitForLoadState("networkidle");
    }
    // /login did check the session, and heard "nobody" as a 200.
    expect(sessionChecks.length).toBeGreaterThan(0);
    expect(new Set(sessionChecks)).toEqual(new Set([200]));
    expect(refused).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
