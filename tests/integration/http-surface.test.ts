import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";

let app: AppServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), "sprog-static-"));
  await mkdir(join(staticDir, "assets"));
  await writeFile(
    join(staticDir, "index.html"),
    "<!doctype html><title>Sprog SPA</title><div id=root></div>",
  );
  await writeFile(join(staticDir, "assets", "app-123.js"), "console.log('app')");
  await writeFile(join(staticDir, "assets", "app-123.js.map"), '{"version":3,"sources":["src/secret.ts"]}');
  const env: Record<string, string> = {};
  app = await startAppServer(env, { staticDir });
});

afterAll(async () => {
  await app?.stop();
  await rm(staticDir, { recursive: true, force: true });
});

describe("serving the app", () => {
  it("answers every client route with the SPA, so reloads work", async () => {
    for (const path of ["/", "/login", "/app/overview", "/app/review/123", "/docs/api", "/no/such/page"]) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain("Sprog SPA");
    }
  });

  it("serves built assets with long caching", async () => {
    const response = await fetch(`${app.url}/assets/app-123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("sends security headers", async () => {
    const response = await fetch(`${app.url}/login`);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("keeps an idle connection longer than a proxy keeps its own (60 s): the client closes it, never mid-reuse", async () => {
    const agent = new Agent({ keepAlive: true });
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      get(`${app.url}/api/auth/session`, { agent }, (response) => {
        response.resume();
        resolve(response.headers);
      }).on("error", reject);
    });
    agent.destroy();
    expect(headers.connection).toBe("keep-alive");
    expect(headers["keep-alive"]).toBe("timeout=65");
  });

  it("does not serve source maps, which would publish the source", async () => {
    const response = await fetch(`${app.url}/assets/app-123.js.map`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("secret");
  });

  it("answers unknown API paths with the error shape, not the SPA", async () => {
    const response = await fetch(`${app.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "No such API endpoint" } });
  });
});

describe("API description", () => {
  it("publishes an OpenAPI 3.1 document generated from the zod schemas", async () => {
    const response = await fetch(`${app.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    for (const path of ["/auth/code", "/auth/verify", "/auth/sign-out", "/me", "/profile", "/teams"]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const sendCode = doc.paths["/auth/code"]?.post;
    expect(JSON.stringify(sendCode?.requestBody)).toContain("email");
    expect(Object.keys(sendCode?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "429"]));
  });

  it("serves the reference UI and its script from our own origin", async () => {
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/api/openapi.json");
    expect(html).toContain('src="/api/docs/scalar.js"');
    // The strict policy of every other page, with the one inline script of this page allowed by hash.
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'self'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain("unsafe-eval");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const script = await fetch(`${app.url}/api/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
  });
});
