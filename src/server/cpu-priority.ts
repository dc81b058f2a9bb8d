import { setPriority } from "node:os";
import type { Logger } from "./logger.ts";

/**
 * Heavy work yields the processor to small requests (issue 31). On a machine with a few cores an
 * import, an export and a full key list at once keep every core busy; a request that needs a few
 * milliseconds of the server and of PostgreSQL then waits its turn behind them. Run at a lower
 * priority (a nice value of 10: the scheduler gives it about a tenth of the share of normal work
 * when both want a core), the heavy work still has every idle cycle, so it is not slower on a quiet
 * machine, and a small request's query or handler goes first when the cores are busy.
 */
export const BULK_NICE = 10;

/**
 * Lowers the priority of a process of this machine: the embedded server's backend of a bulk
 * connection. Never for a server elsewhere (DATABASE_URL): its process ids are not this machine's.
 * A refusal (another user's process) leaves it as it was.
 */
export function lowerProcessPriority(pid: number, logger?: Logger): boolean {
  try {
    setPriority(pid, BULK_NICE);
    return true;
  } catch (error) {
    logger?.debug({ err: error, pid }, "could not lower a database process's priority");
    return false;
  }
}

/**
 * Lowers the calling thread's priority (a format worker's). Only on Linux, where a nice value
 * belongs to a thread; elsewhere it would lower the whole process, the server's own thread too.
 */
export function lowerThreadPriority(): boolean {
  if (process.platform !== "linux") return false;
  try {
    setPriority(BULK_NICE);
    return true;
  } catch {
    return false;
  }
}
