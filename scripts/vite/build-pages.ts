import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { OutputBundle } from "rolldown";
import type { Plugin } from "vite";
import { APP_PAGE_MODULES } from "../../src/web/prerender/prerender-paths.ts";
import { pageCode, withPageCode } from "./page-code.ts";
import { precompressFiles } from "./precompress.ts";
import { prerenderPages } from "./prerender.ts";

/**
 * What the build adds to Vite's own output: the early-requests script named first in the page,
 * `app.html` for the signed-in area (index.html naming the Overview's code, so it loads with the
 * entry), the public pages rendered to HTML (each naming its own code), then a .br and .gz of
 * every text file.
 */
export function buildPages(): Plugin {
  let outDir = "";
  let webRoot = "";
  let cacheDir = "";
  let bundle: OutputBundle = {};
  return {
    name: "sprog:build-pages",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      webRoot = config.root;
      cacheDir = config.cacheDir;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const early = Object.values(context.bundle ?? {}).find(
          (file) => file.type === "chunk" && file.isEntry && file.name === "early",
        );
        if (!early) return html;
        // First in the head and async: it runs as soon as it arrives, before the app's code.
        return html.replace(
          /<meta charset="UTF-8" \/>/i,
          (charset) =>
            `${charset}\n    <script type="module" async crossorigin src="/${early.fileName}"></script>`,
        );
      },
    },
    generateBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      const index = await readFile(join(outDir, "index.html"), "utf8");
      await writeFile(join(outDir, "app.html"), withPageCode(index, pageCode(bundle, APP_PAGE_MODULES)));
      await prerenderPages(webRoot, outDir, cacheDir, (module) => pageCode(bundle, [module]));
      await precompressFiles(outDir);
    },
  };
}
