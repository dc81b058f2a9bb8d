import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { addDownloads } from "./queries.ts";

/** How often the counts held in memory are written. */
const FLUSH_EVERY_MS = 10_000;

/**
 * Release file downloads, counted in memory and written every few seconds in one statement: a file
 * is served thousands of times a second, and a write per download would be the whole cost of it.
 * A process that dies loses at most its last few seconds of counts.
 */
export function createDownloadCounter(deps: { db: Kysely<DB>; logger: Logger; flushEveryMs?: number }) {
  let counts = new Map<string, { projectId: string; hash: string; count: number }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    if (counts.size === 0) return;
    const taken = [...counts.values()];
    counts = new Map();
    const day = new Date().toISOString().slice(0, 10);
    try {
      await addDownloads(deps.db, day, taken);
    } catch (error) {
      deps.logger.warn({ err: error }, "release downloads not counted");
    }
  }

  return {
    count(projectId: string, hash: string): void {
      const key = `${projectId}/${hash}`;
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { projectId, hash, count: 1 });
    },
    /** Writes what is counted now (tests, and the server's stop). */
    flush(): Promise<void> {
      flushing = flushing.then(flush);
      return flushing;
    },
    start(): void {
      timer = setInterval(() => {
        flushing = flushing.then(flush);
      }, deps.flushEveryMs ?? FLUSH_EVERY_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      flushing = flushing.then(flush);
      await flushing;
    },
  };
}

export type DownloadCounter = ReturnType<typeof createDownloadCounter>;
