import { existsSync } from "node:fs";
import { type Browser, chromium, type LaunchOptions } from "playwright-core";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(env: Record<string, string | undefined> = process.env): string {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

export function chromiumAvailable(env: Record<string, string | undefined> = process.env): boolean {
  return existsSync(chromiumPath(env));
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Launches headless Chromium. For axe, open pages through `browser.newContext()` then
 * `context.newPage()` (it refuses pages made by `browser.newPage()`).
 * HEADED=1 shows the window (needs a display); SLOWMO=ms slows every action down.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install it (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: !process.env.HEADED,
    ...(process.env.SLOWMO ? { slowMo: Number(process.env.SLOWMO) } : {}),
    ...options,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
