import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { postDelivery } from "./send-request.ts";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A receiver on 127.0.0.1 that does what `respond` says. */
async function receiver(respond: (res: import("node:http").ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => respond(res));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

describe("postDelivery", () => {
  it("keeps only the first 1 KB of a large answer", async () => {
    const url = await receiver((res) => res.writeHead(200).end("y".repeat(100_000)));
    const result = await postDelivery(url, "{}", {}, { allowPrivate: true });
    expect(result).toMatchObject({ ok: true, responseCode: 200, error: null });
    expect(result.responseBody).toHaveLength(1024);
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const url = await receiver(() => {});
    const result = await postDelivery(url, "{}", {}, { allowPrivate: true, timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, responseCode: null, error: "No answer within 0.2 s" });
    expect(result.latencyMs).toBeGreaterThanOrEqual(190);
  });

  it("does not connect to a private address written in the URL unless allowed", async () => {
    let reached = false;
    const url = await receiver((res) => {
      reached = true;
      res.end();
    });
    const result = await postDelivery(url, "{}", {}, { allowPrivate: false });
    expect(result).toMatchObject({
      ok: false,
      error: "Not sent: 127.0.0.1 is a private or loopback address",
    });
    expect(reached).toBe(false);
  });

  it("does not connect to a name that resolves to a private address unless allowed", async () => {
    const url = (await receiver((res) => res.end())).replace("127.0.0.1", "localhost");
    const result = await postDelivery(url, "{}", {}, { allowPrivate: false });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^Not sent: refused: localhost resolves to the private or loopback address/);
  });
});
