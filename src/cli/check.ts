import { readFileSync } from "node:fs";
import { join } from "node:path";
import { keyUsages } from "../shared/code-keys/key-usages.ts";
import { v1Contract } from "../shared/contract/v1.ts";
import { onBranch } from "./branch.ts";
import type { CommandContext, Log } from "./context.ts";
import { CliError, EXIT, type ExitCode, usage } from "./exit.ts";
import { glob } from "./glob.ts";
import { callJson } from "./http.ts";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * `sprog check`: the keys the code uses (built-in usages and check.patterns) against the
 * project's keys (GET /api/v1/keys). Keys used but missing fail the run (exit 6, so it can guard a
 * pull request); keys the project has and the code does not use are a warning only (exit 0):
 * some are used in ways no pattern sees.
 */
export async function check(
  { client, config, dir, patterns, branch }: CommandContext,
  options: { src: readonly string[] },
  log: Log,
): Promise<ExitCode> {
  const globs = options.src.length > 0 ? options.src : (config.check?.src ?? []);
  if (globs.length === 0)
    throw usage('Nothing to read: pass --src "src/**/*.{ts,tsx}" or set check.src', "check");
  const files = [...new Set(globs.flatMap((pattern) => glob(dir, pattern)))].sort();
  if (files.length === 0) throw new CliError(`No files match ${globs.join(", ")} in ${dir}`, EXIT.usage);

  const used = new Map<string, string>();
  for (const file of files) {
    for (const usage of keyUsages(readFileSync(join(dir, file), "utf8"), patterns)) {
      if (!used.has(usage.key)) used.set(usage.key, `${file}:${usage.line}`);
    }
  }
  const { keys } = await callJson(client, v1Contract.keyNames, {
    query: branch === undefined ? {} : { branch },
  });
  const inProject = new Set(keys);
  const ignored = new Set(config.check?.ignore ?? []);
  const missing = [...used].filter(([key]) => !inProject.has(key));
  const unused = keys.filter((key) => !used.has(key) && !ignored.has(key));

  log(
    `Read ${plural(files.length, "file")}: ${plural(used.size, "key")} used, ${plural(keys.length, "key")} in the project${branch === undefined ? "" : ` on${onBranch(branch)}`}.`,
  );
  if (unused.length > 0) {
    log(`warning: ${plural(unused.length, "key")} in the project not used in the code:`);
    for (const key of unused) log(`  ${key}`);
  }
  if (missing.length > 0) {
    log(`error: ${plural(missing.length, "key")} used in the code but missing in the project:`);
    for (const [key, where] of missing) log(`  ${key}  (${where})`);
    return EXIT.missingKeys;
  }
  log("OK: every key used in the code is in the project.");
  return EXIT.ok;
}
