import { contract } from "../src/shared/contract/index.ts";
import { RELEASE_FILE_CACHE_CONTROL } from "../src/shared/schemas/releases.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { BenchRow } from "./batch-translate.ts";
import { createProject } from "./bench-session.ts";
import { type LoadRequest, requestsPerSecond, wrkAvailable, wrkRequestsPerSecond } from "./load.ts";
import { seedKeys } from "./seed.ts";
import type { TransferBenchContext } from "./transfer.ts";

/** Connections of the load client: many apps starting at once. */
const CONNECTIONS = 32;
const MANIFEST_BUDGET = 5_000;

/** wrk (a client in C, one thread) when the machine has it; else a Node client, which takes a core itself. */
function rateOf(target: LoadRequest, seconds: number) {
  return wrkAvailable()
    ? wrkRequestsPerSecond(target, { connections: CONNECTIONS, seconds })
    : requestsPerSecond(target, { concurrency: CONNECTIONS, seconds, expect: 200 });
}

/**
 * Issue 37: what apps read over the air, under load from a cache: an environment's manifest
 * (≥ 5,000 requests/s on this machine) and a language's file, served with the immutable headers.
 * A project of `keys` keys in en and de is released first; each rate is the better of two rounds.
 */
export async function releaseServing(
  context: TransferBenchContext,
  options: { keys: number; seconds: number },
): Promise<BenchRow[]> {
  const projectId = await createProject(context.client, context.teamId, "Releases", ["en", "de"]);
  await seedKeys(context.db, projectId, options.keys);
  const published = await call(context.client, contract.releases.publish, {
    params: { projectId },
    body: {},
  });
  if (published.status !== 201) throw new Error(`publishing answered ${published.status}`);
  const list = await call(context.client, contract.releases.list, { params: { projectId } });
  const manifestPath = list.body.environments[0]?.manifestPath ?? "";
  const filePath = published.body.files.find((file) => file.language === "de")?.path ?? "";
  const manifest: LoadRequest = { url: `${context.baseUrl}${manifestPath}`, method: "GET", headers: {} };
  // As browsers ask for it: gzipped once when first served, then from memory.
  const file: LoadRequest = {
    url: `${context.baseUrl}${filePath}`,
    method: "GET",
    headers: { "accept-encoding": "gzip" },
  };

  const served = await fetch(file.url);
  const bytes = (await served.arrayBuffer()).byteLength;
  const encoding = served.headers.get("content-encoding") ?? "identity";
  const headers = `cache-control: ${served.headers.get("cache-control")}; etag ${served.headers.get("etag")}`;
  const client = wrkAvailable() ? "wrk, 1 thread" : "Node client";

  let manifestRate = 0;
  let fileRate = 0;
  for (let round = 0; round < 2; round++) {
    manifestRate = Math.max(manifestRate, await rateOf(manifest, options.seconds));
    fileRate = Math.max(fileRate, await rateOf(file, options.seconds));
  }
  const rate = (value: number) => `${Math.round(value).toLocaleString("en")} req/s`;
  return [
    {
      scenario: `release manifest (${CONNECTIONS} connections, ${client})`,
      result: rate(manifestRate),
      budget: `≥ ${MANIFEST_BUDGET.toLocaleString("en")} req/s`,
      ok: manifestRate >= MANIFEST_BUDGET,
    },
    {
      scenario: `release file, de of ${options.keys.toLocaleString("en")} keys (${(bytes / 1024).toFixed(0)} KB JSON sent ${encoding}, ${client})`,
      result: `${rate(fileRate)}; ${headers}`,
      budget: `served with ${RELEASE_FILE_CACHE_CONTROL}`,
      ok: served.status === 200 && served.headers.get("cache-control") === RELEASE_FILE_CACHE_CONTROL,
    },
  ];
}
