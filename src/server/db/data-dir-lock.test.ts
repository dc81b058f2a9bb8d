import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, processStartTicks } from "./data-dir-lock.ts";
import { openEmbedded } from "./database.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("the embedded database folder", () => {
  it("refuses a second server process on the same folder, naming it", { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sprog-lock-proc-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await openEmbedded(dataDir);
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
    const first = await openEmbedded(dataDir);
    try {
      await expect(openEmbedded(dataDir)).rejects.toThrow(DataDirLockedError);
      await expect(openEmbedded(dataDir)).rejects.toThrow(/already open/);
    } finally {
      await first.close();
    }
    // Released on close: the folder opens again.
    const reopened = await openEmbedded(dataDir);
    await reopened.close();
  });
});

describe("a lock left behind", () => {
  it("is taken over when its pid now belongs to an unrelated live process", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sprog-lock-stale-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The server that wrote this lock is gone; its pid was reused by a process that is not Sprog.
    const unrelated = spawn("sleep", ["30"], { stdio: "ignore" });
    cleanups.push(async () => void unrelated.kill());
    const pid = unrelated.pid as number;
    for (const content of [
      JSON.stringify({ pid, startTicks: "1", host: hostname() }),
      // Written by an earlier version: the pid alone.
      String(pid),
    ]) {
      await writeFile(join(dataDir, "sprog.lock"), content);
      const release = acquireDataDirLock(dataDir);
      const held = JSON.parse(await readFile(join(dataDir, "sprog.lock"), "utf8"));
      expect(held).toMatchObject({ pid: process.pid, host: hostname() });
      release();
    }
  });

  it("still refuses when the process that wrote it is alive", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sprog-lock-live-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // As the parent process would have written it, had it been a Sprog server on this folder.
    const lock = { pid: process.ppid, startTicks: processStartTicks(process.ppid), host: hostname() };
    await writeFile(join(dataDir, "sprog.lock"), JSON.stringify(lock));
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `The data folder ${dataDir} is in use by another Sprog server (pid ${process.ppid})`,
    );
  });
});

describe("a lock released", () => {
  it("leaves no exit listener behind, however many folders a process opens and closes", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sprog-lock-listeners-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const before = process.listenerCount("exit");
    for (let i = 0; i < 20; i++) acquireDataDirLock(dataDir)();
    expect(process.listenerCount("exit")).toBe(before);
  });
});
