import { existsSync } from "node:fs";
import { join } from "node:path";

/** A public address the build may have rendered: letters, digits, dashes and slashes only. */
const RENDERABLE = /^(?:\/[a-z0-9-]+)*\/?$/;

/**
 * The built HTML page for a client route:
 * - the signed-in area gets `app.html` (it names the area's code so the browser fetches it with
 *   the entry);
 * - a public page the build rendered gets its own HTML (`pages/…`, scripts/vite/prerender.ts),
 *   readable before the script arrives;
 * - everything else, and a build without them, gets `index.html`.
 */
export function pageFor(root: string, path: string): string {
  if (path === "/app" || path.startsWith("/app/")) {
    const app = join(root, "app.html");
    if (existsSync(app)) return app;
  } else if (RENDERABLE.test(path)) {
    const trimmed = path.length > 1 ? path.replace(/\/$/, "") : path;
    const page = join(root, "pages", trimmed === "/" ? "index.html" : `${trimmed.slice(1)}.html`);
    if (existsSync(page)) return page;
  }
  return join(root, "index.html");
}

/**
 * The bytes to send for a built page: its brotli or gzip file when the browser takes one and the
 * build wrote it (a rendered docs page is 80 KB, 10 KB compressed), else the page itself.
 */
export function encodedPage(
  file: string,
  acceptEncoding: string | undefined,
): { file: string; encoding?: string } {
  const accepted = (acceptEncoding ?? "").split(",").map((part) => part.trim().split(";")[0]);
  for (const [encoding, suffix] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (accepted.includes(encoding) && existsSync(`${file}${suffix}`))
      return { file: `${file}${suffix}`, encoding };
  }
  return { file };
}
