import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Scalar } from "@scalar/hono-api-reference";
import { type Context, Hono } from "hono";
import { PUBLIC_API_DOCUMENT_PATH } from "../../shared/contract/v1.ts";
import { securityHeaders } from "./security.ts";

// The package exports no path to its browser bundle; find it beside the package's entry point.
const scalarEntry = fileURLToPath(import.meta.resolve("@scalar/api-reference"));
const scalarBundlePath = join(
  scalarEntry.slice(0, scalarEntry.lastIndexOf("/dist/")),
  "dist/browser/standalone.js",
);
let bundle: Promise<Buffer> | undefined;

const renderReference = Scalar({
  sources: [
    { title: "Session API (the web app)", url: "/api/openapi.json" },
    { title: "Public API (/api/v1, API keys)", url: `/api${PUBLIC_API_DOCUMENT_PATH}` },
  ],
  cdn: "/api/docs/scalar.js",
  pageTitle: "Sprog API",
});

/**
 * The page as Scalar writes it, with the security headers of every other page. Its one inline
 * script (the reference's configuration) is allowed by its hash, so the policy still refuses any
 * other inline script.
 */
async function renderDocsPage() {
  const html = await (await new Hono().get("/", renderReference).request("/")).text();
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash("sha256")
        .update(code ?? "")
        .digest("base64")}'`,
  );
  return { html, headers: securityHeaders(hashes) };
}
let docsPage: ReturnType<typeof renderDocsPage> | undefined;

async function serveDocsPage(c: Context) {
  docsPage ??= renderDocsPage();
  const { html, headers } = await docsPage;
  await headers(c, async () => {
    c.res = c.html(html);
  });
  return c.res;
}

/** The API reference UI at /api/docs, served from our own origin (no CDN). */
export function apiDocsRoutes() {
  return new Hono()
    .get("/docs/scalar.js", async (c) => {
      bundle ??= readFile(scalarBundlePath);
      c.header("content-type", "text/javascript; charset=utf-8");
      c.header("cache-control", "public, max-age=86400");
      return c.body(new Uint8Array(await bundle));
    })
    .get("/docs", serveDocsPage);
}
