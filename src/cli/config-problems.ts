import { z } from "zod";
import { type CliConfig, cliConfigSchema } from "../shared/cli-config.ts";
import { type JsonLines, type JsonValue, lineOf, positionOf } from "./json-lines.ts";

/**
 * sprog.config.json checked with the zod schema the shipped JSON Schema is generated from
 * (src/shared/cli-config.ts), each of zod's issues said the way a person fixing the file needs it:
 * the field as `files[0].format`, its line, what it must be and what it is.
 */
export interface ConfigProblem {
  path: string;
  line: number;
  message: string;
}

const BRANCH_NAME_RULE =
  "must be a branch name (letters, digits, '.', '_', '-' and '/', not starting or ending with '/' or '.'),";

/** What a pattern means, for the field names whose values have one. */
const PATTERN_HINTS: Record<string, string> = {
  host: "must be an http(s) address, e.g. https://sprog.example.com",
  path: "must contain {lang} or {android_lang}, e.g. src/locales/{lang}.json",
  source: "must be a language code, e.g. en or pt-BR",
  branch: `${BRANCH_NAME_RULE} e.g. feature/checkout, or "git" for the current git branch`,
  mainBranch: `${BRANCH_NAME_RULE} e.g. main or develop`,
};

const typeOf = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);
const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const got = (value: unknown) => (value === null ? "null" : article(typeOf(value)));
const joinPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** `files[0].format`, from zod's `["files", 0, "format"]`. */
function pathText(path: readonly PropertyKey[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else text = joinPath(text, String(segment));
  }
  return text;
}

function valueAt(value: JsonValue, path: readonly PropertyKey[]): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const segment of path) {
    if (Array.isArray(current)) current = typeof segment === "number" ? current[segment] : undefined;
    else if (typeof current === "object" && current !== null && typeof segment === "string")
      current = Object.hasOwn(current, segment) ? current[segment] : undefined;
    else return undefined;
  }
  return current;
}

/** The object schema at a path of the config, for the fields a misspelt one could have meant. */
function objectAt(path: readonly PropertyKey[]): z.ZodObject | undefined {
  const unwrap = (schema: z.core.$ZodType | undefined) =>
    schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  let current: z.core.$ZodType | undefined = cliConfigSchema;
  for (const segment of path) {
    const here = unwrap(current);
    if (here instanceof z.ZodObject && typeof segment === "string") current = here.shape[segment];
    else if (here instanceof z.ZodArray && typeof segment === "number") current = here.element;
    else return undefined;
  }
  const found = unwrap(current);
  return found instanceof z.ZodObject ? found : undefined;
}

function problemsOf(issue: z.core.$ZodIssue, config: JsonValue): { path: string; message: string }[] {
  const path = pathText(issue.path);
  const problem = (message: string, at = path) => ({ path: at, message: `${at || "the file"} ${message}` });
  if (issue.code === "unrecognized_keys") {
    const allowed = Object.keys(objectAt(issue.path)?.shape ?? {}).filter((key) => key !== "$schema");
    return issue.keys.map((key) =>
      problem(`is not a known field (allowed: ${allowed.join(", ")})`, joinPath(path, key)),
    );
  }
  const value = valueAt(config, issue.path);
  if (value === undefined) return [problem("is required")];
  switch (issue.code) {
    case "invalid_type":
      return [problem(`must be ${article(issue.expected)} (got ${got(value)})`)];
    case "invalid_value": {
      // An enum of strings is first of all a string, as the JSON Schema's `type` says.
      const type = typeof issue.values[0];
      if (typeOf(value) !== type) return [problem(`must be ${article(type)} (got ${got(value)})`)];
      return [problem(`must be one of ${issue.values.join(", ")} (got ${JSON.stringify(value)})`)];
    }
    case "too_small": {
      if (issue.origin !== "array") return [problem("must not be empty")];
      const minimum = Number(issue.minimum);
      return [problem(`must have at least ${minimum} entr${minimum === 1 ? "y" : "ies"}`)];
    }
    case "too_big":
      if (issue.origin !== "string") return [problem(issue.message)];
      return [problem(`must be at most ${Number(issue.maximum)} characters long`)];
    case "invalid_format": {
      const field = path.replace(/^.*[.\]]/, "").replace(/\[\d+\]$/, "");
      const pattern = issue.pattern?.replace(/^\/(.*)\/[a-z]*$/, "$1");
      return [problem(`${PATTERN_HINTS[field] ?? `must match ${pattern}`} (got ${JSON.stringify(value)})`)];
    }
    default:
      return [problem(issue.message)];
  }
}

/**
 * The config, or every problem in the order of the file (a missing field at the object that lacks
 * it), one per field: an empty path is "must not be empty", not also "must contain {lang}".
 */
export function checkConfig(
  value: JsonValue,
  lines: JsonLines,
): { config: CliConfig; problems?: undefined } | { config?: undefined; problems: ConfigProblem[] } {
  const parsed = cliConfigSchema.safeParse(value);
  if (parsed.success) return { config: parsed.data };
  const byPath = new Map<string, ConfigProblem>();
  for (const issue of parsed.error.issues) {
    for (const { path, message } of problemsOf(issue, value)) {
      if (!byPath.has(path)) byPath.set(path, { path, line: lineOf(lines, path), message });
    }
  }
  const problems = [...byPath.values()];
  const position = new Map(problems.map((problem) => [problem, positionOf(lines, problem.path)]));
  return {
    problems: problems.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0)),
  };
}
