import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webRoot = fileURLToPath(new URL("./src/web", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
const cacheDir = fileURLToPath(new URL("./node_modules/.vite", import.meta.url));

export default defineConfig({
  root: webRoot,
  publicDir: false,
  // Keep Vite's cache in the repository's node_modules, not next to the web sources.
  cacheDir,
  plugins: [react(), tailwindcss()],
  build: {
    outDir,
    emptyOutDir: true,
    // Written for whoever reads a production stack trace, but not linked from the bundles and
    // never served (src/server/app.ts): the source is not published.
    sourcemap: "hidden",
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
