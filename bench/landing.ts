import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Browser, CDPSession } from "playwright-core";
import { chromiumAvailable, launchBrowser } from "../tests/helpers/browser.ts";
import type { BenchRow } from "./batch-translate.ts";
import { median, ms } from "./measure.ts";

/**
 * Issue 7: what a first visit to `/` costs in Chromium, cold cache. The JavaScript it transfers
 * (the entry bundle and its preloads, and none of the /app area's page modules, which load on
 * demand), and its first contentful paint: on loopback, and throttled to Lighthouse's "slow 4G"
 * (150 ms round trip, 1.6 Mbit/s down), where the bundle's size shows.
 */

const SAMPLES = 5;
const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/**
 * Texts only the /app area's screens contain (Overview, key editor, Team, review): a landing script
 * that holds one carries /app code, whatever the bundler named the file.
 */
const APP_MARKERS = [
  "No projects in the team",
  "Wonderful, a new beginning",
  "Please select a team to view team members",
  "Add keys to review",
];

interface Visit {
  scripts: { url: string; bytes: number }[];
  fcp: number;
  lcp: number;
}

async function visit(browser: Browser, url: string, throttle: boolean): Promise<Visit> {
  // A fresh context per visit: nothing cached, no consent stored.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (throttle) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
    const scripts: Visit["scripts"] = [];
    const urls = new Map<string, string>();
    cdp.on("Network.responseReceived", (event) => {
      if (event.type === "Script") urls.set(event.requestId, event.response.url);
    });
    cdp.on("Network.loadingFinished", (event) => {
      const scriptUrl = urls.get(event.requestId);
      if (scriptUrl) scripts.push({ url: scriptUrl, bytes: event.encodedDataLength });
    });
    await page.goto(url, { waitUntil: "load" });
    await page.getByRole("heading", { level: 1 }).waitFor({ timeout: 60_000 });
    const paints = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number }>((resolve) => {
          let fcp = Number.NaN;
          let lcp = Number.NaN;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries())
              if (entry.name === "first-contentful-paint") fcp = entry.startTime;
          }).observe({ type: "paint", buffered: true });
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            if (last) lcp = last.startTime;
          }).observe({ type: "largest-contentful-paint", buffered: true });
          // Buffered entries arrive asynchronously; give the observers a moment to deliver them.
          setTimeout(() => resolve({ fcp, lcp }), 200);
        }),
    );
    await page.waitForLoadState("networkidle");
    return { scripts, ...paints };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

export async function landingScenarios(baseUrl: string): Promise<BenchRow[]> {
  if (!existsSync("dist/web/index.html") || !chromiumAvailable()) {
    return [
      {
        scenario: "landing page in Chromium",
        result: "not measured: run `npm run build`, needs /usr/bin/chromium",
        budget: "no /app code",
        ok: undefined,
      },
    ];
  }
  const browser = await launchBrowser();
  try {
    await visit(browser, `${baseUrl}/`, false); // warm the server's file reads
    const fast: Visit[] = [];
    for (let i = 0; i < SAMPLES; i++) fast.push(await visit(browser, `${baseUrl}/`, false));
    const slow: Visit[] = [];
    for (let i = 0; i < SAMPLES; i++) slow.push(await visit(browser, `${baseUrl}/`, true));

    const scripts = fast[0]?.scripts ?? [];
    const transferred = scripts.reduce((sum, script) => sum + script.bytes, 0);
    let gzipped = 0;
    const appCode: string[] = [];
    for (const script of scripts) {
      const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
      gzipped += gzipSync(body, { level: 6 }).length;
      const text = body.toString("utf8");
      if (APP_MARKERS.some((marker) => text.includes(marker))) appCode.push(new URL(script.url).pathname);
    }
    const paints = (visits: Visit[]) =>
      `FCP ${ms(median(visits.map((v) => v.fcp)))}, LCP ${ms(median(visits.map((v) => v.lcp)))}`;
    return [
      {
        scenario: "landing `/`: JavaScript transferred, cold cache",
        result:
          `${kb(transferred)} in ${scripts.length} files (${kb(gzipped)} gzipped); ` +
          (appCode.length === 0 ? "no /app code" : `/app code in ${appCode.join(", ")}`),
        budget: "no /app code",
        ok: appCode.length === 0,
      },
      {
        scenario: `landing \`/\`: first paint, loopback (median of ${SAMPLES})`,
        result: paints(fast),
        budget: "(measured)",
        ok: undefined,
      },
      {
        scenario: `landing \`/\`: first paint, 150 ms RTT + 1.6 Mbit/s (median of ${SAMPLES})`,
        result: paints(slow),
        budget: "(measured)",
        ok: undefined,
      },
    ];
  } finally {
    await browser.close();
  }
}
