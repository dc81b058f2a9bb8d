import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the test receiver got it. */
export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:PORT — append a path per hook to tell hooks apart. */
  url: string;
  received: ReceivedHook[];
  /** The status to answer on a path (default 200). */
  answer(path: string, status: number, body?: string): void;
  /** Waits until `count` requests to `path` matching `where` have arrived; answers them. */
  waitFor(
    path: string,
    count?: number,
    where?: (hook: ReceivedHook) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 (the server under test runs with WEBHOOK_ALLOW_PRIVATE=1). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const answers = new Map<string, { status: number; body: string }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      const answer = answers.get(path) ?? { status: 200, body: "ok" };
      res.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(path, status, body = "") {
      answers.set(path, { status, body });
    },
    async waitFor(path, count = 1, where = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter((hook) => hook.path === path && where(hook));
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) {
          throw new Error(`waited for ${count} deliveries to ${path}, got ${matching.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
