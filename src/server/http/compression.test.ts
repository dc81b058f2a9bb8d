import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAppJson } from "./compression.ts";

const big = {
  rows: Array.from({ length: 200 }, (_, i) => ({ key: `group.key${i}`, value: "Hello {name}" })),
};

function app() {
  const hono = new Hono();
  hono.use("/api/*", compressAppJson());
  hono.get("/api/keys", (c) => c.json(big));
  hono.get("/api/v1/pull", (c) => c.json(big));
  hono.get("/api/events", (c) =>
    c.body("data: x\n\n".repeat(500), 200, { "content-type": "text/event-stream" }),
  );
  return hono;
}

const get = (path: string, encoding = "gzip, deflate, br") =>
  app().request(path, { headers: { "accept-encoding": encoding } });

describe("the web app's JSON answers are gzipped", () => {
  it("gzips a large JSON answer for a browser that accepts it, and it reads back the same", async () => {
    const response = await get("/api/keys");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(JSON.stringify(big).length / 5);
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(big);
  });

  it("sends it plain to a client that does not accept gzip", async () => {
    const response = await get("/api/keys", "identity");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.json()).toEqual(big);
  });

  it("leaves the public API and the event stream as they are", async () => {
    for (const path of ["/api/v1/pull", "/api/events"]) {
      const response = await get(path);
      expect(response.headers.get("content-encoding"), path).toBeNull();
    }
  });
});
