import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One kind of request, sent again and again by a load client. */
export interface LoadRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Requests per second over `seconds`, `concurrency` at a time on keep-alive connections (node:http). */
export async function requestsPerSecond(
  target: LoadRequest,
  options: { concurrency: number; seconds: number; expect: number },
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const url = new URL(target.url);
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: target.method,
          headers: target.headers,
          agent,
        },
        (response) => {
          if (response.statusCode !== options.expect) {
            reject(new Error(`${target.url} answered ${response.statusCode}, expected ${options.expect}`));
          }
          response.on("data", () => {});
          response.on("end", resolve);
          response.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(target.body);
    });
  // Warm up the connections and any cache on the way.
  await Promise.all(Array.from({ length: options.concurrency }, once));
  let done = 0;
  const until = performance.now() + options.seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < until) {
        await once();
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return done / elapsed;
}

export const WRK = "/usr/bin/wrk";
export const wrkAvailable = () => existsSync(WRK);

/**
 * Requests per second of one `wrk` run (one thread, `connections` keep-alive connections): a
 * client in C, so it takes far less of the machine's two cores than a Node.js client would.
 * Refuses a run with any answer other than 2xx/3xx.
 */
export async function wrkRequestsPerSecond(
  target: LoadRequest,
  options: { connections: number; seconds: number },
): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), "sprog-wrk-"));
  try {
    const script = join(folder, "request.lua");
    const lines = [`wrk.method = ${JSON.stringify(target.method)}`];
    for (const [name, value] of Object.entries(target.headers))
      lines.push(`wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`);
    if (target.body !== undefined) lines.push(`wrk.body = ${JSON.stringify(target.body)}`);
    await writeFile(script, `${lines.join("\n")}\n`);
    const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "-s", script, target.url];
    const output = await new Promise<string>((resolve, reject) =>
      execFile(WRK, args, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    const bad = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
    if (bad) throw new Error(`${target.url}: ${bad[1]} answers were not 2xx/3xx`);
    const errors = /Socket errors:.*/.exec(output);
    const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
    if (!Number.isFinite(rate)) throw new Error(`wrk printed no rate: ${output.slice(0, 200)}`);
    if (errors && /(connect|read|write|timeout) [1-9]/.test(errors[0]))
      throw new Error(`wrk against ${target.url}: ${errors[0]}`);
    return rate;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A bare `node:http` server answering every request with `bytes` and `headers`: the reference. */
export async function startBareServer(
  bytes: Uint8Array,
  headers: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const bare: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, headers);
      res.end(bytes);
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => bare.close(() => resolve())),
  };
}

/** The headers a pull answer came with that the bare reference server sends too. */
export function pullHeaders(answer: Response): Record<string, string> {
  return {
    "content-type": answer.headers.get("content-type") ?? "application/json",
    "content-disposition": answer.headers.get("content-disposition") ?? "",
    etag: answer.headers.get("etag") ?? "",
    "cache-control": "private, no-cache",
  };
}
