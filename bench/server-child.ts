/**
 * The Sprog server in a process of its own, for the scenarios that measure the server alone:
 * its event loop (is a tiny request answered while heavy ones run?) and its memory (is it back
 * after the load?). Started by server-process.ts with --expose-gc; answers "memory" over IPC with
 * its memory after a full garbage collection.
 */

import { monitorEventLoopDelay } from "node:perf_hooks";
import { loadConfig } from "../src/server/config.ts";
import { startServer } from "../src/server/server.ts";

// How long the server's thread kept callbacks waiting: a probe's latency is this, or the database,
// or the machine's cores shared with the workers and PostgreSQL.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const server = await startServer(loadConfig(process.env));
process.send?.({ type: "ready", url: `http://127.0.0.1:${server.port}`, databaseUrl: server.database.url });
process.on("message", async (message: unknown) => {
  if (message === "memory") {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    process.send?.({ type: "memory", memory: process.memoryUsage() });
  } else if (message === "loop-reset") {
    loop.reset();
    process.send?.({ type: "loop-reset" });
  } else if (message === "loop") {
    process.send?.({ type: "loop", p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 });
  } else if (message === "stop") {
    await server.stop();
    process.exit(0);
  }
});
