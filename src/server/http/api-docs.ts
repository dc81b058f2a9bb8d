import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";

// The package exports no path to its browser bundle; find it beside the package's entry point.
const scalarEntry = fileURLToPath(import.meta.resolve("@scalar/api-reference"));
const scalarBundlePath = join(
  scalarEntry.slice(0, scalarEntry.lastIndexOf("/dist/")),
  "dist/browser/standalone.js",
);
let bundle: Promise<Buffer> | undefined;

/** The API reference UI at /api/docs, served from our own origin (no CDN). */
export function apiDocsRoutes() {
  return new Hono()
    .get("/docs/scalar.js", async (c) => {
      bundle ??= readFile(scalarBundlePath);
      c.header("content-type", "text/javascript; charset=utf-8");
      c.header("cache-control", "public, max-age=86400");
      return c.body(new Uint8Array(await bundle));
    })
    .get("/docs", Scalar({ url: "/api/openapi.json", cdn: "/api/docs/scalar.js", pageTitle: "Sprog API" }));
}
