import { contract } from "../src/shared/contract/index.ts";
import { v1Contract } from "../src/shared/contract/v1.ts";
import { call } from "../tests/helpers/contract-client.ts";
import { callTool, connectAgent } from "../tests/helpers/mcp.ts";
import { keyClient } from "../tests/helpers/transfer.ts";
import type { BenchRow } from "./batch-translate.ts";
import { createProject } from "./bench-session.ts";
import { seedKeys } from "./seed.ts";
import type { TransferBenchContext } from "./transfer.ts";

/** Writes each way before the measured ones. */
const WARM_UP = 20;

/** `count` calls, `concurrency` at a time; answers the wall time in ms. */
async function pool(count: number, concurrency: number, run: (i: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await run(next++);
    }),
  );
  return performance.now() - started;
}

/**
 * Issue 36: an agent's writes through MCP cost at most twice the same writes through the REST API.
 * `calls` single-translation writes each way (`set_translations` with one item, each a real change
 * of a German text), in alternating halves so neither side gets the warmer server, with the SDK's
 * own client (2026-07-28, one server per request) against the tests' REST client.
 */
export async function mcpVsRest(
  context: TransferBenchContext,
  options: { calls: number; concurrency: number },
): Promise<BenchRow[]> {
  const { calls, concurrency } = options;
  const projectId = await createProject(context.client, context.teamId, "Agents", ["en", "de"]);
  const keys = await seedKeys(context.db, projectId, calls * 2 + WARM_UP * 2);
  const created = await call(context.client, contract.apiKeys.create, {
    params: { projectId },
    body: { name: "bench agent", scopes: ["translate"] },
  });
  if (created.status !== 201) throw new Error(`creating an API key answered ${created.status}`);
  const rest = keyClient(context.baseUrl, created.body.key);
  const agent = await connectAgent(context.baseUrl, created.body.key, { name: "bench-agent" });
  const text = (i: number, via: string) => `Hallo {name}, Text ${i} von ${via}.`;
  const viaRest = async (i: number) => {
    const key = keys[i]?.key ?? "";
    const answer = await call(rest, v1Contract.translator.setTranslations, {
      body: { translations: [{ key, language: "de", text: text(i, "REST") }] },
    });
    if (answer.status !== 200) throw new Error(`REST write answered ${answer.status}`);
  };
  const viaMcp = async (i: number) => {
    const key = keys[calls + i]?.key ?? "";
    const answer = await callTool(agent, "set_translations", {
      translations: [{ key, language: "de", text: text(i, "MCP") }],
    });
    if (!answer.ok) throw new Error(`MCP write failed: ${answer.message}`);
  };
  try {
    // Warm both paths (first requests compile and connect), on keys the halves do not write.
    await pool(WARM_UP, concurrency, (i) => viaRest(calls * 2 + i));
    await pool(WARM_UP, concurrency, (i) => viaMcp(calls + WARM_UP + i));
    const half = Math.floor(calls / 2);
    let restMs = 0;
    let mcpMs = 0;
    restMs += await pool(half, concurrency, (i) => viaRest(i));
    mcpMs += await pool(half, concurrency, (i) => viaMcp(i));
    restMs += await pool(calls - half, concurrency, (i) => viaRest(half + i));
    mcpMs += await pool(calls - half, concurrency, (i) => viaMcp(half + i));
    const restRate = (calls / restMs) * 1000;
    const mcpRate = (calls / mcpMs) * 1000;
    const share = (mcpRate / restRate) * 100;
    return [
      {
        scenario: `${calls} set_translations calls through MCP vs the REST API (${concurrency} at a time)`,
        result: `MCP ${mcpRate.toFixed(0)}/s, REST ${restRate.toFixed(0)}/s: ${share.toFixed(0)} %`,
        budget: "≥ 50 %",
        ok: share >= 50,
      },
    ];
  } finally {
    await agent.close();
  }
}
