import { execFile } from "node:child_process";
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** bin/sprog.mjs, the file the package and GET /cli/sprog.mjs ship. */
export const CLI = fileURLToPath(new URL("../../bin/sprog.mjs", import.meta.url));
const FIXTURE = fileURLToPath(new URL("../fixtures/cli-app", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh copy of tests/fixtures/cli-app to run the CLI in (it writes files and .sprog/). */
export async function fixtureCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sprog-cli-app-"));
  await cp(FIXTURE, dir, { recursive: true });
  return dir;
}

/**
 * Runs the CLI as CI does, a separate Node process, without blocking this one (the server under
 * test answers from it). Only PATH and the given variables: nothing of the test's environment leaks.
 */
export function runCli(cwd: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
