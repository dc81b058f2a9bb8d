import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no lock of its own: two processes on one folder silently lose writes. Take an
 * exclusive lock file holding our pid; a lock left by a dead process is taken over.
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
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(path, "utf8"), 10);
      // Our own pid in the file, but not held here: left by an earlier process that had this pid.
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another Sprog server (pid ${holder}). ` +
            "Stop that server first, or set DATA_DIR to another folder.",
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}
