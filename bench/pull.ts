import { v1Contract } from "../src/shared/contract/v1.ts";
import type { BenchRow } from "./batch-translate.ts";
import { loadRequest } from "./contract-fetch.ts";
import { pullHeaders, requestsPerSecond, startBareServer } from "./load.ts";

/**
 * Pull API requests per second against a bare Node server answering every request with the same
 * bytes and headers: the ratio is the price of the key check, the rate limit and the ETag. 304
 * answers (a CI poll that changed nothing) are measured too.
 */
export async function measurePullVsBare(options: {
  /** The app's origin. */
  baseUrl: string;
  apiKey: string;
  language: string;
  /** The scenario's name, e.g. "pull API, 10,000 keys". */
  label: string;
  concurrency: number;
  seconds: number;
  /**
   * When a second pull (after the first has filled any cache) takes longer than this, the load run
   * would take minutes: the pull rate is then one pull at a time against the bare server's, also
   * one at a time.
   */
  slowPullMs?: number;
}): Promise<BenchRow[]> {
  const { concurrency, seconds } = options;
  const pull = loadRequest(
    options.baseUrl,
    v1Contract.pull,
    { body: { format: "json", placeholderFormat: "web", language: options.language } },
    { "x-api-key": options.apiKey },
  );
  const { url: pullUrl, method, headers, body } = pull;

  const first = await fetch(pullUrl, { method, headers, body });
  const bytes = new Uint8Array(await first.arrayBuffer());
  const etag = first.headers.get("etag") ?? "";
  if (first.status !== 200 || !etag) throw new Error(`pull answered ${first.status}`);

  const bare = await startBareServer(bytes, pullHeaders(first));
  const load = { concurrency, seconds };
  const size =
    bytes.length >= 1024 * 1024
      ? `${(bytes.length / 1024 / 1024).toFixed(1)} MB`
      : `${(bytes.length / 1024).toFixed(0)} KB`;
  const rate = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} req/s`;
  try {
    if (options.slowPullMs !== undefined) {
      const sent = performance.now();
      const again = await fetch(pullUrl, { method, headers, body });
      await again.arrayBuffer();
      const took = performance.now() - sent;
      if (again.status !== 200) throw new Error(`pull answered ${again.status}`);
      if (took > options.slowPullMs) {
        const one = { ...pull, url: bare.url };
        const reference = await requestsPerSecond(one, { concurrency: 1, seconds, expect: 200 });
        const pulled = 1000 / took;
        return [
          {
            scenario: `${options.label} (${size} JSON), one at a time: a second pull took ${(took / 1000).toFixed(1)} s`,
            result: `${rate(pulled)} = ${(pulled / reference).toFixed(3)} × bare Node (${rate(reference)})`,
            budget: "≥ 0.5 ×",
            ok: pulled / reference >= 0.5,
          },
        ];
      }
    }
    // Alternate the two and keep each one's best round, so a burst of other work on the machine
    // does not decide the ratio.
    let reference = 0;
    let pulled = 0;
    for (let round = 0; round < 2; round++) {
      const bareRate = await requestsPerSecond({ ...pull, url: bare.url }, { ...load, expect: 200 });
      reference = Math.max(reference, bareRate);
      const pullRate = await requestsPerSecond(pull, { ...load, expect: 200 });
      pulled = Math.max(pulled, pullRate);
    }
    const notModified = await requestsPerSecond(
      { ...pull, headers: { ...headers, "if-none-match": etag } },
      { ...load, expect: 304 },
    );
    const ratio = pulled / reference;
    return [
      {
        scenario: `${options.label} (${size} JSON), ${concurrency} connections`,
        result: `${rate(pulled)} = ${ratio.toFixed(2)} × bare Node (${rate(reference)})`,
        budget: "≥ 0.5 ×",
        ok: ratio >= 0.5,
      },
      {
        scenario: `${options.label}, unchanged (If-None-Match → 304)`,
        result: rate(notModified),
        budget: "(measured)",
        ok: undefined,
      },
    ];
  } finally {
    await bare.close();
  }
}
