import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import schema from "../../schemas/sprog.config.schema.json" with { type: "json" };
import { CliError, EXIT } from "./exit.mjs";
import { lineOf, parseWithLines } from "./json-lines.mjs";
import { validate } from "./schema-check.mjs";

export const CONFIG_FILE = "sprog.config.json";

/** Names a key would be given by mistake; the file is committed, so a key in it is a leak. */
const SECRET_NAME = /^(api[-_]?key|apikey|key|secret|token|sprog[-_]?api[-_]?key)$/i;

function configError(file, line, message) {
  return new CliError(`${basename(file)} line ${line}: ${message}`, EXIT.badConfig);
}

function findSecret(value, path = "") {
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

/** `check.patterns` as regular expressions, each with exactly one capture group. */
function compilePatterns(file, lines, patterns = []) {
  return patterns.map((source, i) => {
    const path = `check.patterns[${i}]`;
    let regex;
    try {
      regex = new RegExp(source, "g");
    } catch (error) {
      throw configError(file, lineOf(lines, path), `${path} is not a regular expression: ${error.message}`);
    }
    const groups = new RegExp(`${source}|`).exec("").length - 1;
    if (groups !== 1) {
      throw configError(
        file,
        lineOf(lines, path),
        `${path} must have one capture group, the key (has ${groups})`,
      );
    }
    return regex;
  });
}

/**
 * Reads and checks sprog.config.json (or `--config`), answering the config, the directory its
 * paths are relative to, and the host (SPROG_HOST and --host win over the file's).
 */
export function loadConfig(values, env) {
  const file = resolve(values.config ?? CONFIG_FILE);
  if (!existsSync(file)) {
    throw new CliError(
      `${values.config ?? CONFIG_FILE} not found in ${dirname(file)}: create one (see "sprog --help") or pass --config`,
      EXIT.badConfig,
    );
  }
  let parsed;
  try {
    parsed = parseWithLines(readFileSync(file, "utf8"));
  } catch (error) {
    throw configError(file, error.line ?? 1, `not valid JSON: ${error.message}`);
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
  const problems = validate(schema, value);
  if (problems.length > 0) {
    const [first, ...rest] = problems.map(
      (p) => `${basename(file)} line ${lineOf(lines, p.path)}: ${p.message}`,
    );
    const more = rest.length > 0 ? `\n${rest.join("\n")}` : "";
    throw new CliError(`${first}${more}`, EXIT.badConfig);
  }
  const patterns = compilePatterns(file, lines, value.check?.patterns);
  const host = values.host ?? env.SPROG_HOST ?? value.host;
  if (!host) {
    throw new CliError(`No host: set "host" in ${basename(file)}, or SPROG_HOST, or --host`, EXIT.badConfig);
  }
  return { config: value, dir: dirname(file), host, patterns };
}
