import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Debian's `aapt` package; `.ci/run` installs it. */
const AAPT2 = "/usr/bin/aapt2";

/**
 * Whether Android's resource compiler compiles these bytes as `res/values/strings.xml` (issue 33:
 * every Android export must): "ok", its error text, or "no aapt2" where it is not installed.
 */
export function aapt2Compiles(bytes: Uint8Array): "ok" | "no aapt2" | string {
  const dir = mkdtempSync(join(tmpdir(), "sprog-aapt2-"));
  try {
    mkdirSync(join(dir, "res", "values"), { recursive: true });
    mkdirSync(join(dir, "out"));
    writeFileSync(join(dir, "res", "values", "strings.xml"), bytes);
    const run = spawnSync(AAPT2, ["compile", "res/values/strings.xml", "-o", "out/"], {
      cwd: dir,
      encoding: "utf8",
    });
    if (run.error) return "no aapt2";
    return run.status === 0 ? "ok" : run.stderr.slice(-1000) || `exit ${run.status}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
