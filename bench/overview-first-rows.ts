import { launchBrowser } from "../tests/helpers/browser.ts";

/**
 * Milliseconds from navigation to the first key row of a large project being visible in the
 * Overview, in Chromium, with the team and project already selected (as a returning user has).
 */
export async function overviewFirstRows(
  baseUrl: string,
  cookie: string,
  target: { teamId: string; projectId: string },
): Promise<number> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const url = new URL(baseUrl);
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name = "", ...rest] = pair.split("=");
        return { name, value: rest.join("="), domain: url.hostname, path: "/" };
      }),
    );
    const page = await context.newPage();
    // A returning user: the selection is remembered (src/web/lib/storage-keys.ts).
    await page.goto(`${baseUrl}/login`);
    const me = await page.evaluate(async () => (await fetch("/api/me")).json());
    const userId = (me as { user: { id: string } }).user.id;
    await page.evaluate(
      ({ userId, teamId, projectId }) => {
        localStorage.setItem(`sprog.user.${userId}.selectedTeamId`, teamId);
        localStorage.setItem(`sprog.user.${userId}.selectedProjectId`, projectId);
      },
      { userId, teamId: target.teamId, projectId: target.projectId },
    );
    const start = Date.now();
    await page.goto(`${baseUrl}/app/overview`);
    await page
      .getByText("group000.screen0.label000000", { exact: true })
      .first()
      .waitFor({ state: "visible", timeout: 30_000 });
    return Date.now() - start;
  } finally {
    await browser.close();
  }
}
