import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "./app-server.ts";

/**
 * The real server as a process of its own (`src/server/main.ts`), so that `kill -9` is a real
 * crash; resolves once it answers HTTP. `cleanups` gets a kill for the end of the test file.
 */
export async function spawnServer(
  env: Record<string, string>,
  cleanups: (() => Promise<void>)[],
  options: { startTimeoutMs?: number } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      PATH: process.env.PATH ?? "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // A clean stop, so that the server stops its embedded PostgreSQL too.
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    await exited;
    clearTimeout(timer);
  });
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const answer = await fetch(`${url}/api/ai/status`).catch(() => undefined);
    if (answer) return { child, url };
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
