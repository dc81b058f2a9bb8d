import { contractRequest } from "../src/shared/contract/http-request.ts";
import { contract } from "../src/shared/contract/index.ts";
import { launchBrowser } from "../tests/helpers/browser.ts";

/**
 * Milliseconds from navigation to the first key row of a large project being visible in the
 * Overview, in Chromium, with the team and project already selected (as a returning user has).
 */
export async function overviewFirstRows(
  baseUrl: string,
  cookie: string,
  target: { teamId: string; projectId: string },
  /** Language columns as a returning user left them (issue 19): the selected one and the extra ones. */
  columns?: { selected: string; extra: string[] },
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
    const me = await page.evaluate(
      async (path) => (await fetch(path)).json(),
      contractRequest(contract.auth.me, {}).url,
    );
    const userId = (me as { user: { id: string } }).user.id;
    await page.evaluate(
      ({ userId, teamId, projectId, columns }) => {
        localStorage.setItem(`sprog.user.${userId}.selectedTeamId`, teamId);
        localStorage.setItem(`sprog.user.${userId}.selectedProjectId`, projectId);
        if (columns) {
          const project = `sprog.user.${userId}.project.${projectId}`;
          localStorage.setItem(`${project}.selectedLanguage`, columns.selected);
          localStorage.setItem(`${project}.extraColumns`, JSON.stringify(columns.extra));
        }
      },
      { userId, teamId: target.teamId, projectId: target.projectId, columns },
    );
    const start = Date.now();
    await page.goto(`${baseUrl}/app/overview`);
    await page
      .getByText("group000.screen0.label000000", { exact: true })
      .first()
      .waitFor({ state: "visible", timeout: 30_000 });
    const elapsed = Date.now() - start;
    if (columns) {
      // The row must show every column asked for: key, source, selected and extra languages.
      const cells = await page.locator('tr[data-key="group000.screen0.label000000"] td').count();
      const expected = 3 + columns.extra.length;
      if (cells !== expected) throw new Error(`the first row has ${cells} cells, not ${expected}`);
    }
    return elapsed;
  } finally {
    await browser.close();
  }
}
