import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";

/**
 * Issue 34, first paint: what the build writes beside the bundle (scripts/vite) and how the server
 * answers with it: the signed-in area's own page, and scripts sent compressed as the build left them.
 */
let app: AppServer;
let staticDir: string;
const script = `console.log(${JSON.stringify("the app ".repeat(400))});`;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), "sprog-pages-"));
  await mkdir(join(staticDir, "assets"));
  await writeFile(join(staticDir, "index.html"), "<!doctype html><title>index page</title>");
  await writeFile(join(staticDir, "app.html"), "<!doctype html><title>app page</title>");
  await mkdir(join(staticDir, "pages", "docs"), { recursive: true });
  await writeFile(join(staticDir, "pages", "index.html"), "<!doctype html><title>landing rendered</title>");
  await writeFile(
    join(staticDir, "pages", "index.html.br"),
    brotliCompressSync("<title>landing rendered</title>"),
  );
  await writeFile(
    join(staticDir, "pages", "docs", "api.html"),
    "<!doctype html><title>api docs rendered</title>",
  );
  await writeFile(join(staticDir, "assets", "app-1.js"), script);
  await writeFile(join(staticDir, "assets", "app-1.js.br"), brotliCompressSync(script));
  await writeFile(join(staticDir, "assets", "app-1.js.gz"), gzipSync(script));
  app = await startAppServer({}, { staticDir });
});

afterAll(async () => {
  await app?.stop();
  await rm(staticDir, { recursive: true, force: true });
});

describe("the page for each address", () => {
  it("sends the signed-in area's page (which names its code) for /app addresses", async () => {
    for (const path of ["/app", "/app/overview", "/app/review/123"]) {
      expect(await (await fetch(`${app.url}${path}`)).text(), path).toContain("app page");
    }
  });

  it("sends a public page the build rendered as its own HTML, compressed when the build wrote that", async () => {
    const landing = await fetch(`${app.url}/`, { headers: { "accept-encoding": "gzip, br" } });
    expect(landing.headers.get("content-encoding")).toBe("br");
    expect(landing.headers.get("content-type")).toContain("text/html");
    expect(landing.headers.get("cache-control")).toBe("no-cache");
    expect(await landing.text()).toContain("landing rendered");
    for (const path of ["/docs/api", "/docs/api/"]) {
      expect(await (await fetch(`${app.url}${path}`)).text(), path).toContain("api docs rendered");
    }
  });

  it("sends index.html everywhere else", async () => {
    for (const path of ["/login", "/apple", "/docs/nothing", "/docs/../pages/index", "/DOCS/API"]) {
      expect(await (await fetch(`${app.url}${path}`)).text(), path).toContain("index page");
    }
  });
});

describe("scripts compressed at build time", () => {
  it("sends the brotli file to a browser that accepts it, and it decodes to the script", async () => {
    const response = await fetch(`${app.url}/assets/app-1.js`, {
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("cache-control")).toContain("immutable");
    // fetch decodes it, as a browser does.
    expect(await response.text()).toBe(script);
  });

  it("sends gzip where brotli is not accepted, and the plain file where neither is", async () => {
    const gzip = await fetch(`${app.url}/assets/app-1.js`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(script);
    const plain = await fetch(`${app.url}/assets/app-1.js`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});
