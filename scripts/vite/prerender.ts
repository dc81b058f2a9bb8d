import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import type { BuiltPage } from "../../src/web/prerender/prerender-paths.ts";
import { type PageCode, withPageCode } from "./page-code.ts";

interface RenderModule {
  PRERENDERED_PAGES: readonly BuiltPage[];
  renderPage(path: string): Promise<string>;
}

/** Where a prerendered page is written, under the build's folder; the server maps addresses alike. */
export const prerenderedFile = (outDir: string, path: string) =>
  join(outDir, "pages", path === "/" ? "index.html" : `${path.slice(1)}.html`);

/**
 * Renders the public pages (src/web/prerender) to HTML at build time: index.html with the page's
 * markup in its root, so a visitor on a slow line reads the landing, the docs and the legal pages
 * before the script arrives; the app then starts on them. The renderer is built for Node in the
 * repository's cache folder, where it finds node_modules.
 */
export async function prerenderPages(
  webRoot: string,
  outDir: string,
  cacheDir: string,
  /** The code each route module runs, to name in its page. */
  codeOf: (module: string) => PageCode,
): Promise<number> {
  const renderDir = join(cacheDir, "prerender");
  await build({
    configFile: false,
    root: webRoot,
    publicDir: false,
    logLevel: "warn",
    plugins: [react()],
    build: {
      ssr: join(webRoot, "prerender", "render-page.tsx"),
      outDir: renderDir,
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
    },
  });
  const renderer = (await import(pathToFileURL(join(renderDir, "render-page.js")).href)) as RenderModule;
  const index = await readFile(join(outDir, "index.html"), "utf8");
  const root = '<div id="root"></div>';
  if (!index.includes(root)) throw new Error(`index.html has no ${root} to render into`);
  for (const { path, module } of renderer.PRERENDERED_PAGES) {
    const markup = await renderer.renderPage(path);
    const file = prerenderedFile(outDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(
      file,
      withPageCode(index, codeOf(module)).replace(root, `<div id="root">${markup}</div>`),
    );
  }
  await rm(renderDir, { recursive: true, force: true });
  return renderer.PRERENDERED_PAGES.length;
}
