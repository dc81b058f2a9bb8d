import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { WEBHOOK_RESPONSE_KEEP } from "../../shared/schemas/webhooks.ts";
import { guardedLookup, isPrivateAddress } from "./address-guard.ts";

/** A receiver that has not answered in this long has failed the attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface AttemptResult {
  ok: boolean;
  responseCode: number | null;
  /** The first WEBHOOK_RESPONSE_KEEP characters of the answer; the rest is never read. */
  responseBody: string | null;
  latencyMs: number;
  error: string | null;
}

/** What people read in the log for the usual network failures. */
function describe(error: NodeJS.ErrnoException, host: string): string {
  switch (error.code) {
    case "ECONNREFUSED":
      return `Connection refused by ${host}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `The host ${host} could not be resolved`;
    case "ETIMEDOUT":
    case "ECONNRESET":
      return `The connection to ${host} failed (${error.code})`;
    case "EPRIVATE":
      return `Not sent: ${error.message}`;
    default:
      return error.message || String(error.code ?? "unknown error");
  }
}

/** One POST of a signed body: never throws; a 2xx answer is a success, anything else a failure. */
export function postDelivery(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<AttemptResult> {
  const started = performance.now();
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const latency = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;

  // An address written in the URL is connected to without a lookup: checked here instead.
  const literal = target.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
    return Promise.resolve({
      ok: false,
      responseCode: null,
      responseBody: null,
      latencyMs: 0,
      error: `Not sent: ${literal} is a private or loopback address`,
    });
  }

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: latency() });
    };
    const req = send(
      target,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body).toString(),
          "user-agent": "Sprog-Webhooks/1",
          ...headers,
        },
        lookup: guardedLookup(options.allowPrivate),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          if (kept >= WEBHOOK_RESPONSE_KEEP) return;
          chunks.push(chunk);
          kept += chunk.length;
          // Enough read: the rest of a large answer is not worth the wait or the memory.
          if (kept >= WEBHOOK_RESPONSE_KEEP) res.destroy();
        });
        const done = () => {
          const code = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8").slice(0, WEBHOOK_RESPONSE_KEEP);
          const ok = code >= 200 && code < 300;
          finish({
            ok,
            responseCode: code,
            responseBody: text,
            error: ok ? null : `The receiver answered ${code}`,
          });
        };
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        ok: false,
        responseCode: null,
        responseBody: null,
        error: `No answer within ${timeoutMs / 1000} s`,
      });
    }, timeoutMs);
    req.on("error", (error: NodeJS.ErrnoException) =>
      finish({ ok: false, responseCode: null, responseBody: null, error: describe(error, target.host) }),
    );
    req.end(body);
  });
}
