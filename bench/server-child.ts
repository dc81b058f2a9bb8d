/**
 * The Sprog server in a process of its own, for the scenarios that measure the server alone:
 * its event loop (is a tiny request answered while heavy ones run?) and its memory (is it back
 * after the load?). Started by server-process.ts with --expose-gc; answers "memory" over IPC with
 * its memory after a full garbage collection.
 */
import { loadConfig } from "../src/server/config.ts";
import { startServer } from "../src/server/server.ts";

const server = await startServer(loadConfig(process.env));
process.send?.({ type: "ready", url: `http://127.0.0.1:${server.port}`, databaseUrl: server.database.url });
process.on("message", async (message: unknown) => {
  if (message === "memory") {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    process.send?.({ type: "memory", memory: process.memoryUsage() });
  } else if (message === "stop") {
    await server.stop();
    process.exit(0);
  }
});
