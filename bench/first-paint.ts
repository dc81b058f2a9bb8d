import { existsSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import type { DB } from "../src/server/db/schema.ts";
import { contract } from "../src/shared/contract/index.ts";
import type { ApiClient } from "../tests/helpers/api-client.ts";
import { chromiumAvailable, launchBrowser } from "../tests/helpers/browser.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { BenchRow } from "./batch-translate.ts";
import { median, ms } from "./measure.ts";
import { seedKeys, seedLanguage } from "./seed.ts";

/**
 * Issue 34: how soon a translator sees work. The Overview of a project the size the issue tried
 * (428 keys × 3 languages) until its first key row is painted, warm (a returning desktop user on a
 * fast line, the app's code in the browser cache) and cold (nothing cached) on Lighthouse's "slow
 * 4G": 150 ms round trip, 1.6 Mbit/s down. And the public pages' first contentful paint on that line,
 * which prerendered HTML gives before any JavaScript arrives.
 */

const SAMPLES = 5;
const KEYS = 428;
const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const WARM_BUDGET = 1000;
const COLD_BUDGET = 2500;
const PUBLIC_PAGES = ["/", "/docs", "/terms-conditions"];
const PUBLIC_BUDGET = 1500;

async function throttled(context: BrowserContext, page: Page, cache: boolean): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: !cache });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
  return cdp;
}

/**
 * Records, in the page, when the first key row (table row or phone card) is painted: a mutation
 * observer sees it arrive, the next animation frame is its paint. Installed before any script runs.
 */
function watchFirstRow(context: BrowserContext) {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector("[data-key]")) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        (window as unknown as { __firstRow: number }).__firstRow = performance.now();
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

async function firstRow(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined, {
    timeout: 60_000,
  });
  return page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
}

async function signedInContext(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  selection: { userId: string; teamId: string; projectId: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const url = new URL(baseUrl);
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name = "", ...rest] = pair.split("=");
      return { name, value: rest.join("="), domain: url.hostname, path: "/" };
    }),
  );
  // A returning user: the team and project are remembered (src/web/lib/storage-keys.ts), and the
  // cookie banner was answered.
  await context.addInitScript((s) => {
    localStorage.setItem(`sprog.user.${s.userId}.selectedTeamId`, s.teamId);
    localStorage.setItem(`sprog.user.${s.userId}.selectedProjectId`, s.projectId);
  }, selection);
  await watchFirstRow(context);
  return context;
}

async function publicFcp(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await throttled(context, page, false);
    await page.goto(url, { waitUntil: "load" });
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries())
              if (entry.name === "first-contentful-paint") resolve(entry.startTime);
          }).observe({ type: "paint", buffered: true });
          setTimeout(() => resolve(Number.NaN), 10_000);
        }),
    );
  } finally {
    await context.close();
  }
}

export interface FirstPaintTarget {
  baseUrl: string;
  db: Kysely<DB>;
  client: ApiClient;
  teamId: string;
}

export async function firstPaintScenarios(target: FirstPaintTarget): Promise<BenchRow[]> {
  if (!existsSync("dist/web/index.html") || !chromiumAvailable()) {
    return [
      {
        scenario: "first paint in Chromium",
        result: "not measured: run `npm run build`, needs /usr/bin/chromium",
        budget: `first row < ${WARM_BUDGET} ms warm, < ${COLD_BUDGET} ms cold on slow 4G`,
        ok: undefined,
      },
    ];
  }
  const { baseUrl, db, client, teamId } = target;
  const project = await call(client, contract.projects.create, {
    params: { teamId },
    body: { name: "First paint" },
  });
  if (project.status !== 201) throw new Error(`creating a project answered ${project.status}`);
  const projectId = project.body.id;
  const languages = await call(client, contract.projects.setLanguages, {
    params: { projectId },
    body: { languages: ["en", "de", "fr"] },
  });
  if (languages.status !== 200) throw new Error(`setting the languages answered ${languages.status}`);
  const keys = await seedKeys(db, projectId, KEYS);
  await seedLanguage(db, projectId, keys, "fr");
  const me = await call(client, contract.auth.me, {});
  const selection = { userId: me.body.user.id, teamId, projectId };
  const overview = `${baseUrl}/app/overview`;

  const rows: BenchRow[] = [];
  const browser = await launchBrowser();
  try {
    // Warm: one context, its cache kept; the first visit fills it and is not counted.
    const warm: number[] = [];
    const warmContext = await signedInContext(browser, baseUrl, client.cookie, selection);
    try {
      const page = await warmContext.newPage();
      await firstRow(page, overview);
      for (let i = 0; i < SAMPLES; i++) warm.push(await firstRow(page, overview));
    } finally {
      await warmContext.close();
    }
    const warmMedian = median(warm);
    rows.push({
      scenario: `Overview first row, ${KEYS} keys × 3 languages, warm cache, loopback (median of ${SAMPLES})`,
      result: ms(warmMedian),
      budget: `< ${WARM_BUDGET} ms`,
      ok: warmMedian < WARM_BUDGET,
    });

    // Cold: nothing in the HTTP cache, on the slow line. A returning user's browser still has its
    // local storage (the selection, the Overview's early requests): one context, its first visit
    // not counted. A browser that never opened the app has neither: its own row.
    const cold: number[] = [];
    const coldContext = await signedInContext(browser, baseUrl, client.cookie, selection);
    try {
      for (let i = 0; i <= SAMPLES; i++) {
        const page = await coldContext.newPage();
        await throttled(coldContext, page, false);
        const first = await firstRow(page, overview);
        if (i > 0) cold.push(first);
        await page.close();
      }
    } finally {
      await coldContext.close();
    }
    const coldMedian = median(cold);
    rows.push({
      scenario: `Overview first row, ${KEYS} keys × 3 languages, cold cache, 150 ms RTT + 1.6 Mbit/s (median of ${SAMPLES})`,
      result: ms(coldMedian),
      budget: `< ${COLD_BUDGET} ms`,
      ok: coldMedian < COLD_BUDGET,
    });
    const firstVisits: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const context = await signedInContext(browser, baseUrl, client.cookie, selection);
      try {
        const page = await context.newPage();
        await throttled(context, page, false);
        firstVisits.push(await firstRow(page, overview));
      } finally {
        await context.close();
      }
    }
    rows.push({
      scenario: `Overview first row, same, a browser's first visit (no early requests yet) (median of ${SAMPLES})`,
      result: ms(median(firstVisits)),
      budget: "(measured)",
      ok: undefined,
    });

    for (const path of PUBLIC_PAGES) {
      const fcps: number[] = [];
      for (let i = 0; i < SAMPLES; i++) fcps.push(await publicFcp(browser, `${baseUrl}${path}`));
      const fcp = median(fcps);
      rows.push({
        scenario: `\`${path}\` first contentful paint, cold, 150 ms RTT + 1.6 Mbit/s (median of ${SAMPLES})`,
        result: ms(fcp),
        budget: `< ${PUBLIC_BUDGET} ms`,
        ok: fcp < PUBLIC_BUDGET,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}
