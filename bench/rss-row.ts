import type { BenchRow } from "./batch-translate.ts";
import { mb } from "./rss.ts";
import type { ServerProcess } from "./server-process.ts";

/** The server process's memory after a group: RSS as the system sees it, and after a full GC. */
export async function rssRow(server: ServerProcess, group: string): Promise<BenchRow> {
  const scenario = `server RSS after the ${group} scenarios`;
  try {
    const now = await server.rssMb();
    const collected = await server.memory();
    return {
      scenario,
      result: `${mb(now)} (${mb(collected.rss / 1024 / 1024)} after a full GC, heap ${mb(collected.heapUsed / 1024 / 1024)})`,
      budget: "(measured)",
      ok: undefined,
    };
  } catch (error) {
    return { scenario, result: `not read: ${(error as Error).message}`, budget: "(measured)", ok: undefined };
  }
}
