import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
/** @sprog/i18next is not published yet: the example uses its source from this repository. */
const sdk = fileURLToPath(new URL("../../packages/i18next/src/", import.meta.url));

export default defineConfig({
  root,
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@sprog\/i18next$/, replacement: `${sdk}index.ts` },
      { find: /^@sprog\/i18next\/in-context$/, replacement: `${sdk}in-context/index.ts` },
    ],
  },
  build: { outDir: `${root}dist`, emptyOutDir: true },
  server: { port: 5180 },
  preview: { port: 4180 },
});
