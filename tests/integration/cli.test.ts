import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { freePort } from "../helpers/app-server.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { createApiKey } from "../helpers/transfer.ts";

// `sprog pull --format …` (bin/sprog.mjs), one file without sprog.config.json, as CI scripts
// written before the config file run it: a separate Node process against the real server.
const api = apiAppForThisFile();
const cli = fileURLToPath(new URL("../../bin/sprog.mjs", import.meta.url));

let dir: string;
let apiKey: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sprog-cli-test-"));
  const { owner, projectId } = await ownerWithProject(api(), ["de"]);
  await buildKey(owner, projectId, "greeting", { source: "Hello {name}", strings: { de: "Hallo {name}" } });
  apiKey = (await createApiKey(owner, projectId, "CLI test")).key;
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI without blocking this process (the server answers from it). */
function sprog(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: dir, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("sprog pull", () => {
  it("writes one language's file, placeholders in the format's own style by default", async () => {
    const out = join(dir, "locales", "de.json");
    const run = await sprog([
      "pull",
      "--host",
      api().app.url,
      "--api-key",
      apiKey,
      "--format",
      "json",
      "--language",
      "de",
      "--out",
      out,
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Wrote ${out}`);
    expect(JSON.parse(await readFile(out, "utf8"))).toEqual({ greeting: "Hallo {name}" });

    const ios = await sprog(["pull", "--format", "json", "--placeholder-format", "ios", "--language", "de"], {
      SPROG_HOST: api().app.url,
      SPROG_API_KEY: apiKey,
    });
    expect(ios.code).toBe(0);
    // Default --out: ./{language}.{ext}
    expect(JSON.parse(await readFile(join(dir, "de.json"), "utf8"))).toEqual({ greeting: "Hallo %@" });
  });

  it("writes translations.zip, or extracts it into a directory", async () => {
    const env = { SPROG_HOST: `${api().app.url}/`, SPROG_API_KEY: apiKey };
    const zipped = await sprog(["pull", "--format", "json", "--out", "all.zip"], env);
    expect(zipped.code).toBe(0);
    expect(Object.keys(unzipSync(await readFile(join(dir, "all.zip")))).sort()).toEqual([
      "de.json",
      "en.json",
    ]);

    await mkdir(join(dir, "extracted"));
    const extracted = await sprog(["pull", "--format", "json", "--out", "extracted"], env);
    expect(extracted.code).toBe(0);
    expect(extracted.stdout).toContain("Extracted 2 files");
    expect(JSON.parse(await readFile(join(dir, "extracted", "en.json"), "utf8"))).toEqual({
      greeting: "Hello {name}",
    });
    const fresh = await sprog(["pull", "--format", "json", "--out", "new-dir/"], env);
    expect(fresh.code).toBe(0);
    expect(existsSync(join(dir, "new-dir", "de.json"))).toBe(true);
  });

  it("with --etag-file, downloads nothing while nothing changed", async () => {
    const env = { SPROG_HOST: api().app.url, SPROG_API_KEY: apiKey };
    const args = [
      "pull",
      "--format",
      "json",
      "--language",
      "en",
      "--out",
      "en.json",
      "--etag-file",
      ".sprog-etag",
    ];
    const first = await sprog(args, env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Wrote en.json");
    const second = await sprog(args, env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Not modified");
  });

  it("fails with a message and a non-zero exit code", async () => {
    const host = api().app.url;
    const badKey = await sprog([
      "pull",
      "--host",
      host,
      "--api-key",
      `sprog_${"0".repeat(48)}`,
      "--format",
      "json",
    ]);
    expect(badKey.code).toBe(3);
    expect(badKey.stderr).toContain("API key refused (401): Invalid API key");

    const badLanguage = await sprog([
      "pull",
      "--host",
      host,
      "--api-key",
      apiKey,
      "--format",
      "json",
      "--language",
      "fr",
    ]);
    expect(badLanguage.code).toBe(4);
    expect(badLanguage.stderr).toContain("language must be one of the project's languages: en, de");

    const badFormat = await sprog(["pull", "--host", host, "--api-key", apiKey, "--format", "xml"]);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain("--format must be one of json, strings, stringsdict, android");

    const noKey = await sprog(["pull", "--host", host, "--format", "json"]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("Missing --api-key");

    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await sprog(["pull", "--host", closed, "--api-key", apiKey, "--format", "json"]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(`Could not reach ${closed}`);

    const help = await sprog(["pull", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: sprog pull");
    expect(help.stdout).toContain("One file without a config");
  });
});
