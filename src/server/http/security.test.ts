import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { originCheck } from "./security.ts";

/** A server with the guard, reached at `url` (its scheme is the one the server sees). */
function guarded(publicUrl: string, ...others: string[]) {
  const app = new Hono()
    .use("*", originCheck([publicUrl, ...others]))
    .post("/change", (c) => c.text("changed"));
  app.onError((error, c) =>
    c.json(
      { code: error instanceof AppError ? error.code : "internal" },
      error instanceof AppError ? error.status : 500,
    ),
  );
  return async (url: string, origin: string | undefined) => {
    const headers: Record<string, string> = { host: new URL(url).host };
    if (origin !== undefined) headers.origin = origin;
    return (await app.request(url, { method: "POST", headers })).status;
  };
}

describe("originCheck", () => {
  it("compares scheme, host and port with PUBLIC_URL's origin", async () => {
    const send = guarded("http://localhost:3000");
    expect(await send("http://localhost:3000/change", "http://localhost:3000")).toBe(200);
    // Issue 32: the host alone matched, whatever the scheme.
    expect(await send("http://localhost:3000/change", "https://localhost:3000")).toBe(403);
    expect(await send("http://localhost:3000/change", "http://localhost:3001")).toBe(403);
    expect(await send("http://localhost:3000/change", "http://evil.example")).toBe(403);
    expect(await send("http://localhost:3000/change", "null")).toBe(403);
    expect(await send("http://localhost:3000/change", "not a url")).toBe(403);
    // No Origin: not a browser (CLI, CI), which authenticates otherwise.
    expect(await send("http://localhost:3000/change", undefined)).toBe(200);
  });

  it("behind an https proxy, refuses a page on plain http of the same host", async () => {
    // PUBLIC_URL is https; the proxy reaches this server over http.
    const send = guarded("https://sprog.example.com");
    expect(await send("http://sprog.example.com/change", "https://sprog.example.com")).toBe(200);
    expect(await send("http://sprog.example.com/change", "https://sprog.example.com:443")).toBe(200);
    expect(await send("http://sprog.example.com/change", "http://sprog.example.com")).toBe(403);
  });

  it("trusts the address a request was sent to on PUBLIC_URL's scheme (127.0.0.1 beside localhost)", async () => {
    const send = guarded("http://localhost:3000");
    expect(await send("http://127.0.0.1:3000/change", "http://127.0.0.1:3000")).toBe(200);
    expect(await send("http://127.0.0.1:3000/change", "https://127.0.0.1:3000")).toBe(403);
    expect(await send("https://127.0.0.1:3000/change", "https://127.0.0.1:3000")).toBe(403);
  });

  it("trusts the other origins given, whole", async () => {
    const send = guarded("https://sprog.example.com", "https://admin.example.com:8443");
    expect(await send("http://sprog.example.com/change", "https://admin.example.com:8443")).toBe(200);
    expect(await send("http://sprog.example.com/change", "http://admin.example.com:8443")).toBe(403);
    expect(await send("http://sprog.example.com/change", "https://admin.example.com")).toBe(403);
  });
});
