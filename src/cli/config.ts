import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type { CliConfig } from "../shared/cli-config.ts";
import { usagePatternProblem } from "../shared/code-keys/key-usages.ts";
import { checkConfig } from "./config-problems.ts";
import { CliError, EXIT } from "./exit.ts";
import { JsonLineError, type JsonLines, type JsonValue, lineOf, parseWithLines } from "./json-lines.ts";

export const CONFIG_FILE = "sprog.config.json";

/** What the commands that read sprog.config.json share. */
export interface LoadedConfig {
  config: CliConfig;
  /** The directory the config's paths are relative to. */
  dir: string;
  host: string;
  /** `check.patterns`, compiled. */
  patterns: RegExp[];
}

/** Names a key would be given by mistake; the file is committed, so a key in it is a leak. */
const SECRET_NAME = /^(api[-_]?key|apikey|key|secret|token|sprog[-_]?api[-_]?key)$/i;

function configError(file: string, line: number, message: string): CliError {
  return new CliError(`${basename(file)} line ${line}: ${message}`, EXIT.badConfig);
}

function findSecret(value: JsonValue, path = ""): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findSecret(item, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [name, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${name}` : name;
      if (SECRET_NAME.test(name) && typeof child === "string") return childPath;
      const found = findSecret(child, childPath);
      if (found) return found;
    }
  }
  return undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `check.patterns` as regular expressions, each with exactly one capture group. */
function compilePatterns(file: string, lines: JsonLines, patterns: readonly string[] = []): RegExp[] {
  return patterns.map((source, i) => {
    const path = `check.patterns[${i}]`;
    const problem = usagePatternProblem(source);
    if (problem) throw configError(file, lineOf(lines, path), `${path} ${problem}`);
    return new RegExp(source, "g");
  });
}

/**
 * Reads and checks sprog.config.json (or `--config`), answering the config, the directory its
 * paths are relative to, and the host (SPROG_HOST and --host win over the file's).
 */
export function loadConfig(
  values: { config?: string | undefined; host?: string | undefined },
  env: NodeJS.ProcessEnv,
): LoadedConfig {
  const file = resolve(values.config ?? CONFIG_FILE);
  if (!existsSync(file)) {
    throw new CliError(
      `${values.config ?? CONFIG_FILE} not found in ${dirname(file)}: create one (see "sprog --help") or pass --config`,
      EXIT.badConfig,
    );
  }
  let parsed: { value: JsonValue; lines: JsonLines };
  try {
    parsed = parseWithLines(readFileSync(file, "utf8"));
  } catch (error) {
    const line = error instanceof JsonLineError ? error.line : 1;
    throw configError(file, line, `not valid JSON: ${messageOf(error)}`);
  }
  const { value, lines } = parsed;
  const secret = findSecret(value);
  if (secret) {
    throw configError(
      file,
      lineOf(lines, secret),
      `${secret}: the API key must not be in ${basename(file)} (the file is committed). Set SPROG_API_KEY instead.`,
    );
  }
  const checked = checkConfig(value, lines);
  if (checked.problems) {
    const [first, ...rest] = checked.problems.map((p) => `${basename(file)} line ${p.line}: ${p.message}`);
    const more = rest.length > 0 ? `\n${rest.join("\n")}` : "";
    throw new CliError(`${first}${more}`, EXIT.badConfig);
  }
  const { config } = checked;
  const patterns = compilePatterns(file, lines, config.check?.patterns);
  const host = values.host ?? env.SPROG_HOST ?? config.host;
  if (!host) {
    throw new CliError(`No host: set "host" in ${basename(file)}, or SPROG_HOST, or --host`, EXIT.badConfig);
  }
  return { config, dir: dirname(file), host, patterns };
}
