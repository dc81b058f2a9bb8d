import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildPages } from "./scripts/vite/build-pages.ts";
import { firstScreenModules } from "./scripts/vite/first-screen.ts";

const webRoot = fileURLToPath(new URL("./src/web", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
const cacheDir = fileURLToPath(new URL("./node_modules/.vite", import.meta.url));

/** The early-requests script stays a file of its own, the smallest the page loads first. */
const notEarly = (id: string) => !/[\\/]src[\\/]web[\\/]early[\\/]/.test(id);

const firstScreen = firstScreenModules();

export default defineConfig({
  root: webRoot,
  publicDir: false,
  // Keep Vite's cache in the repository's node_modules, not next to the web sources.
  cacheDir,
  plugins: [react(), tailwindcss(), firstScreen.plugin, buildPages()],
  build: {
    outDir,
    emptyOutDir: true,
    // Written for whoever reads a production stack trace, but not linked from the bundles and
    // never served (src/server/app.ts): the source is not published.
    sourcemap: "hidden",
    // The entry is React, the router, zod and TanStack Query that every page runs: 513 KB, sent as
    // 134 KB of brotli. Warn only above that.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The early-requests script is an entry of its own; the build names it in each page's head.
      input: { index: `${webRoot}/index.html`, early: `${webRoot}/early/start-early-requests.ts` },
      output: {
        // A chunk's name lists the pages that share it: long, and none of a visitor's business.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("app~") ? "assets/app-[hash].js" : "assets/[name]-[hash].js",
        assetFileNames: (asset) =>
          asset.names.some((name) => name.startsWith("app~"))
            ? "assets/app-[hash][extname]"
            : "assets/[name]-[hash][extname]",
        codeSplitting: {
          groups: [
            // The early script and what the app shares with it: one file, fetched first.
            { name: "early", test: (id) => !notEarly(id), priority: 4 },
            // The entry's own code (every page's): one file.
            {
              name: "index",
              tags: ["$initial"],
              test: notEarly,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // What the Overview runs beyond the entry: what it shares with the public pages (the
            // contract, the forms), then its own, none carrying a dialog's or another page's code.
            {
              name: "shared",
              test: (id) => notEarly(id) && firstScreen.shares(id),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: "overview",
              test: (id) => notEarly(id) && firstScreen.has(id),
              // Not what those modules import from the public pages' code: that stays shared.
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // The rest by the set of pages and dialogs that use it, small sets merged: a page needs
            // a handful of files rather than fifty (each a round trip on a slow line), and what only
            // a dialog uses still waits for the dialog.
            {
              name: "app",
              test: notEarly,
              entriesAware: true,
              entriesAwareMergeThreshold: 10_000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
