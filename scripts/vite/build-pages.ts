import type { Plugin } from "vite";
import { appStartFiles, writeAppPage } from "./app-page.ts";
import { precompressFiles } from "./precompress.ts";
import { prerenderPages } from "./prerender.ts";

/**
 * What the build adds to Vite's own output: the early-requests script named first in the page, the
 * /app page that fetches the app's code with the entry, the public pages rendered to HTML, then a
 * .br and .gz of every text file.
 */
export function buildPages(): Plugin {
  let outDir = "";
  let webRoot = "";
  let cacheDir = "";
  let appFiles: Parameters<typeof writeAppPage>[1] = { scripts: [], styles: [] };
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
    generateBundle(_options, bundle) {
      appFiles = appStartFiles(bundle);
    },
    async closeBundle() {
      await writeAppPage(outDir, appFiles);
      await prerenderPages(webRoot, outDir, cacheDir);
      await precompressFiles(outDir);
    },
  };
}
