import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError } from "./data-dir-lock.ts";
import { openPGlite } from "./database.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("the embedded database folder", () => {
  it("refuses a second server process on the same folder, naming it", { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sprog-lock-proc-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await openPGlite(dataDir);
    try {
      const child = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(child.status).toBe(1);
      expect(child.stderr).toContain(
        `The data folder ${dataDir} is in use by another Sprog server (pid ${process.pid})`,
      );
    } finally {
      await first.close();
    }
  });

  it("refuses a second server on the same folder, with a clear message", { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sprog-lock-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await openPGlite(dataDir);
    try {
      await expect(openPGlite(dataDir)).rejects.toThrow(DataDirLockedError);
      await expect(openPGlite(dataDir)).rejects.toThrow(/already open/);
    } finally {
      await first.close();
    }
    // Released on close: the folder opens again.
    const reopened = await openPGlite(dataDir);
    await reopened.close();
  });
});
