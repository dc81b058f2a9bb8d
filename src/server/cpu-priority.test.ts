import { getPriority } from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { BULK_NICE } from "./cpu-priority.ts";

/** Calls `lowerThreadPriority` in a worker thread, as the format worker does, and reports that thread's priority after. */
function lowerInWorker(): Promise<{ lowered: boolean; priority: number }> {
  const code = `
    const { parentPort } = require("node:worker_threads");
    const { getPriority } = require("node:os");
    import("tsx/esm/api")
      .then(({ tsImport }) => tsImport(${JSON.stringify(new URL("./cpu-priority.ts", import.meta.url).href)}, __filename))
      .then(({ lowerThreadPriority }) => {
        const lowered = lowerThreadPriority();
        parentPort.postMessage({ lowered, priority: getPriority() });
      });
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once("message", (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

describe("lowerThreadPriority", () => {
  it("lowers the calling thread on Linux and leaves the server's thread as it was (elsewhere it changes nothing)", async () => {
    const before = getPriority();
    const worker = await lowerInWorker();
    if (process.platform === "linux") expect(worker).toEqual({ lowered: true, priority: BULK_NICE });
    else expect(worker).toEqual({ lowered: false, priority: before });
    expect(getPriority()).toBe(before);
  });
});
