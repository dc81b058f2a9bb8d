import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export class DataDirLockedError extends Error {}

/** Whether a process with this pid exists (one of another user's counts: EPERM). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When the process started, in clock ticks since boot (Linux `/proc/<pid>/stat`, field 22):
 * with the pid it names one process for the machine's uptime, where a pid alone is reused.
 * Undefined where there is no /proc.
 */
export function processStartTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

interface LockHolder {
  pid: number;
  startTicks?: string;
  host?: string;
}

function readHolder(text: string): LockHolder | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "number") return { pid: parsed };
    if (parsed && typeof parsed === "object" && Number.isInteger((parsed as LockHolder).pid)) {
      const { pid, startTicks, host } = parsed as LockHolder;
      return { pid, startTicks: typeof startTicks === "string" ? startTicks : undefined, host };
    }
  } catch {
    // Not JSON: an empty or torn file, which no live server holds.
  }
  return undefined;
}

/**
 * Whether the server that wrote the lock still runs. A pid alone is not enough: after a crash or
 * a reboot the pid may belong to any other process, which would keep Sprog from starting.
 */
function holderAlive(holder: LockHolder): boolean {
  // Another machine (a shared folder): nothing here can tell, so it counts as held.
  if (holder.host !== undefined && holder.host !== hostname()) return true;
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  const liveTicks = processStartTicks(holder.pid);
  if (liveTicks === undefined) return true;
  if (holder.startTicks !== undefined) return holder.startTicks === liveTicks;
  // A lock of an earlier version (pid only): held if that pid is at least a Node.js process.
  try {
    return readFileSync(`/proc/${holder.pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/**
 * One Sprog per data folder: its embedded server's jobs and lock-free bookkeeping assume no other
 * process works on that database, and a second PostgreSQL on the cluster would be refused with a
 * message about postmaster.pid that names no Sprog. Take an exclusive lock file naming this process
 * (pid, start time, host); a lock left by a process that is gone is taken over.
 */
const heldHere = new Set<string>();

export function acquireDataDirLock(dir: string): () => void {
  const path = join(dir, "sprog.lock");
  if (heldHere.has(path)) {
    throw new DataDirLockedError(
      `The data folder ${dir} is already open in this process. Set DATA_DIR to another folder.`,
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      const holder: LockHolder = {
        pid: process.pid,
        startTicks: processStartTicks(process.pid),
        host: hostname(),
      };
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      heldHere.add(path);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // A process that opens and closes many data folders (tests) must not pile up listeners.
        process.off("exit", release);
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(readFileSync(path, "utf8"));
      // Our own pid in the file, but not held here: left by an earlier process that had this pid.
      if (holder && holderAlive(holder)) {
        const where = holder.host && holder.host !== hostname() ? ` on ${holder.host}` : "";
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another Sprog server (pid ${holder.pid}${where}). ` +
            "Stop that server first, or set DATA_DIR to another folder.",
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}
