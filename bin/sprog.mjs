#!/usr/bin/env node

// Sprog command-line client: pull, push, status, check (CI/CD). Node >= 20 built-ins only, so it
// also runs as a single downloaded file: curl -fsSLO https://your-sprog/cli/sprog.mjs
// Generated from bin/src by bin/build.mjs: edit those files, not this one.

// bin/src/check.mjs
import { readFileSync } from "node:fs";
import { join as join2 } from "node:path";
// bin/src/main.mjs
import { parseArgs } from "node:util";

// bin/src/exit.mjs
var EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  unauthorized: 3,
  badRequest: 4,
  rateLimited: 5,
  missingKeys: 6,
  badConfig: 7,
};
var CliError = class extends Error {
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
};
function usage(message, command = "") {
  const help = command ? `sprog ${command} --help` : "sprog --help";
  return new CliError(
    `${message}
Run "${help}" for the options.`,
    EXIT.usage,
  );
}

// bin/src/glob.mjs
import { readdirSync } from "node:fs";
import { join } from "node:path";

var SKIPPED = /* @__PURE__ */ new Set(["node_modules", ".git", ".sprog"]);
function expandBraces(pattern) {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  const before = pattern.slice(0, match.index);
  const after = pattern.slice(match.index + match[0].length);
  return match[1].split(",").flatMap((choice) => expandBraces(`${before}${choice}${after}`));
}
function globRegex(pattern) {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "*" && pattern[i + 1] === "*") {
      const slash = pattern[i + 2] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
function walk(root, relative, out) {
  let entries;
  try {
    entries = readdirSync(join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) walk(root, path, out);
    } else if (entry.isFile()) out.push(path);
  }
}
function glob(root, pattern) {
  const patterns = expandBraces(pattern.replace(/^\.\//, ""));
  const found = /* @__PURE__ */ new Set();
  for (const one of patterns) {
    const parts = one.split("/");
    const fixed = [];
    while (parts.length > 1 && !/[*?]/.test(parts[0])) fixed.push(parts.shift());
    const regex = globRegex(one);
    const files = [];
    walk(root, fixed.join("/"), files);
    for (const file of files) if (regex.test(file)) found.add(file);
  }
  return [...found].sort();
}

// bin/src/http.mjs
async function errorText(response) {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text);
    if (body?.error?.message) return body.error.message;
  } catch {}
  return text.trim().slice(0, 300) || response.statusText;
}
async function failure(response) {
  const message = await errorText(response);
  const { status: status2 } = response;
  if (status2 === 401) return new CliError(`API key refused (401): ${message}`, EXIT.unauthorized);
  if (status2 === 403) return new CliError(`API key not allowed (403): ${message}`, EXIT.unauthorized);
  if (status2 === 400 || status2 === 413 || status2 === 422) {
    return new CliError(`Bad request (${status2}): ${message}`, EXIT.badRequest);
  }
  if (status2 === 429) {
    const wait = response.headers.get("retry-after");
    return new CliError(
      `Rate limited (429): ${message}${wait ? ` Retry after ${wait} s.` : ""}`,
      EXIT.rateLimited,
    );
  }
  return new CliError(`The server answered ${status2}: ${message}`, EXIT.failed);
}
function baseUrl(host, command) {
  let base;
  try {
    base = new URL(host);
  } catch {
    throw usage(`The host is not a URL: ${host}`, command);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:")
    throw usage(`The host must be http(s): ${host}`, command);
  return base.href.endsWith("/") ? base.href : `${base.href}/`;
}
function apiKeyFrom(env, command) {
  const key = env.SPROG_API_KEY?.trim();
  if (!key) throw usage("Missing SPROG_API_KEY: create a key in Project Settings \u2192 API Access", command);
  return key;
}
async function call(client, method, path, { body, headers = {} } = {}) {
  const url = new URL(`api/v1/${path}`, client.base);
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: { "x-api-key": client.apiKey, accept: "*/*", ...headers },
      body,
      signal: AbortSignal.timeout(client.timeoutMs),
    });
  } catch (error) {
    const reason = error?.name === "TimeoutError" ? "timed out" : (error?.cause?.message ?? error?.message);
    throw new CliError(`Could not reach ${url.origin}: ${reason}`, EXIT.failed);
  }
  if (!response.ok && response.status !== 304) throw await failure(response);
  return response;
}
async function callJson(client, method, path, options) {
  const response = await call(client, method, path, options);
  try {
    return await response.json();
  } catch {
    throw new CliError(`The server's answer to ${path} is not JSON`, EXIT.failed);
  }
}

// bin/src/key-usages.mjs
var QUOTED = String.raw`(?<q>['"\x60])(?<key>[^'"\x60\n]+?)\k<q>`;
var SWIFT_STRING = String.raw`"(?<key>(?:[^"\\\n]|\\.)+)"`;
var BUILT_IN_PATTERNS = [
  // i18next t('…') and i18n.t('…'), vue-i18n $t('…') and t('…')
  { name: "t()", regex: new RegExp(String.raw`(?:^|[^\w$])\$?t\(\s*${QUOTED}`, "g") },
  // react-i18next <Trans i18nKey="…">
  { name: "i18nKey", regex: new RegExp(String.raw`\bi18nKey=\{?\s*${QUOTED}`, "g") },
  // react-intl <FormattedMessage id="…">
  {
    name: "FormattedMessage",
    regex: new RegExp(String.raw`<FormattedMessage\b[^>]*?\sid=\{?\s*${QUOTED}`, "g"),
  },
  // react-intl { id: '…' } in defineMessages / formatMessage: only in files that use react-intl,
  // since `id:` alone is every other object in an app.
  {
    name: "id:",
    regex: new RegExp(String.raw`\bid:\s*${QUOTED}`, "g"),
    when: /react-intl|defineMessages|formatMessage|FormattedMessage/,
  },
  // Android code and resources
  { name: "R.string", regex: /\bR\.string\.(?<key>[A-Za-z_]\w*)/g },
  { name: "@string", regex: /@string\/(?<key>[A-Za-z_]\w*)/g },
  // iOS
  {
    name: "NSLocalizedString",
    regex: new RegExp(String.raw`\bNSLocalizedString\(\s*@?${SWIFT_STRING}`, "g"),
  },
  {
    name: "String(localized:)",
    regex: new RegExp(String.raw`\bString\(\s*localized:\s*${SWIFT_STRING}`, "g"),
  },
];
var lineAt = (text, index) => {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
};
function keyUsages(text, extraPatterns = []) {
  const found = [];
  const patterns = [...BUILT_IN_PATTERNS, ...extraPatterns.map((regex) => ({ regex }))];
  for (const { regex, when } of patterns) {
    if (when && !when.test(text)) continue;
    regex.lastIndex = 0;
    for (const match of text.matchAll(regex)) {
      const key = match.groups?.key ?? match[1];
      if (!key || key.includes("${")) continue;
      const unescaped = key.replace(/\\(["\\])/g, "$1");
      found.push({ key: unescaped, line: lineAt(text, match.index + match[0].indexOf(key)) });
    }
  }
  return found;
}

// bin/src/project.mjs
function expectFields(answer, fields, what) {
  const missing = fields.filter((field) => answer?.[field] === void 0);
  if (missing.length > 0) {
    throw new CliError(
      `The server's answer to ${what} lacks ${missing.join(", ")}: is it a Sprog of the same version as this CLI?`,
      EXIT.failed,
    );
  }
  return answer;
}
function projectInfo(client) {
  client.status ??= callJson(client, "GET", "status").then((answer) =>
    expectFields(answer, ["project", "languages"], "GET /api/v1/status"),
  );
  return client.status;
}
async function sourceOf(client, mapping, index) {
  if (mapping.source) return mapping.source;
  try {
    return (await projectInfo(client)).project.sourceLanguage;
  } catch (error) {
    if (error instanceof CliError && error.message.includes("(403)")) {
      throw new CliError(
        `${error.message}
Or set "source" in files[${index}] of the config, so the project's source language need not be read.`,
        error.exitCode,
      );
    }
    throw error;
  }
}
async function checkProject(client, config) {
  if (!config.project) return;
  const { project } = await projectInfo(client);
  if (config.project !== project.id && config.project !== project.name) {
    throw new CliError(
      `The config names project "${config.project}", but SPROG_API_KEY is a key of "${project.name}" (${project.id})`,
      EXIT.badConfig,
    );
  }
}

// bin/src/check.mjs
var plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
async function check({ client, config, dir, patterns }, options, log) {
  const globs = options.src.length > 0 ? options.src : (config.check?.src ?? []);
  if (globs.length === 0)
    throw usage('Nothing to read: pass --src "src/**/*.{ts,tsx}" or set check.src', "check");
  const files = [...new Set(globs.flatMap((pattern) => glob(dir, pattern)))].sort();
  if (files.length === 0) throw new CliError(`No files match ${globs.join(", ")} in ${dir}`, EXIT.usage);
  const used = /* @__PURE__ */ new Map();
  for (const file of files) {
    for (const usage3 of keyUsages(readFileSync(join2(dir, file), "utf8"), patterns)) {
      if (!used.has(usage3.key)) used.set(usage3.key, `${file}:${usage3.line}`);
    }
  }
  const { keys } = expectFields(await callJson(client, "GET", "keys"), ["keys"], "GET /api/v1/keys");
  const inProject = new Set(keys);
  const ignored = new Set(config.check?.ignore ?? []);
  const missing = [...used].filter(([key]) => !inProject.has(key));
  const unused = keys.filter((key) => !used.has(key) && !ignored.has(key));
  log(
    `Read ${plural(files.length, "file")}: ${plural(used.size, "key")} used, ${plural(keys.length, "key")} in the project.`,
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

// bin/src/config.mjs
import { existsSync, readFileSync as readFileSync2 } from "node:fs";
import { basename, dirname, resolve } from "node:path";

// schemas/sprog.config.schema.json
var sprog_config_schema_default = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    $schema: { type: "string" },
    host: {
      description: "Your Sprog's address, e.g. https://sprog.example.com (SPROG_HOST overrides it).",
      type: "string",
      pattern: "^https?:\\/\\/[^\\s/]+(\\/\\S*)?$",
    },
    project: {
      description:
        "The project's id or name. The API key names the project; when this is set, every command first checks that it is the key's (which needs the pull scope).",
      type: "string",
      minLength: 1,
    },
    files: {
      minItems: 1,
      type: "array",
      items: {
        type: "object",
        properties: {
          path: {
            type: "string",
            minLength: 1,
            pattern: "\\{(lang|android_lang)\\}",
            description:
              "Where the files are, relative to the config file, with {lang} (de, pt-BR) or {android_lang} (de, pt-rBR; the source language's file is in values/ without the suffix), and {namespace} where a language has several files (locales/{lang}/{namespace}.json: common, auth; each key belongs to its file).",
          },
          format: {
            type: "string",
            enum: ["json", "strings", "stringsdict", "android"],
            description: "The files' format.",
          },
          source: {
            description: "The source language (default: the project's).",
            type: "string",
            pattern: "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$",
          },
          placeholderFormat: {
            description:
              "Placeholders written by pull (default: web for json, ios for strings, android for android).",
            type: "string",
            enum: ["web", "ios", "android"],
          },
          nested: {
            description: "json: nested objects by the dots in keys (default: flat).",
            type: "boolean",
          },
          sortKeys: { description: "Keys by name (default: the order they came in).", type: "boolean" },
        },
        required: ["path", "format"],
        additionalProperties: false,
      },
      description: "The translation files, one mapping per pattern.",
    },
    check: {
      type: "object",
      properties: {
        src: {
          description: "Globs of the code `sprog check` reads.",
          type: "array",
          items: { type: "string", minLength: 1 },
        },
        patterns: {
          description: "Extra regular expressions, each with one capture group: the key.",
          type: "array",
          items: { type: "string", minLength: 1 },
        },
        ignore: {
          description: "Keys never reported as unused.",
          type: "array",
          items: { type: "string" },
        },
      },
      additionalProperties: false,
    },
  },
  required: ["files"],
  additionalProperties: false,
  title: "sprog.config.json",
};

// bin/src/json-lines.mjs
function parseWithLines(text) {
  const lines = /* @__PURE__ */ new Map();
  let at = 0;
  let line = 1;
  const fail = (message) => {
    const error = new SyntaxError(message);
    error.line = line;
    throw error;
  };
  const skip = () => {
    while (at < text.length) {
      const char = text[at];
      if (char === "\n") line++;
      else if (char !== " " && char !== "	" && char !== "\r") break;
      at++;
    }
  };
  const expect = (char) => {
    skip();
    if (text[at] !== char) fail(`expected "${char}" but found ${describe()}`);
    at++;
  };
  const describe = () => (at >= text.length ? "the end of the file" : `"${text[at]}"`);
  const string = () => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === "\n") fail("a string must end on its own line");
      at += text[at] === "\\" ? 2 : 1;
    }
    if (at >= text.length) fail("a string is not closed");
    at++;
    return JSON.parse(text.slice(start, at));
  };
  const value = (path) => {
    skip();
    lines.set(path, line);
    const char = text[at];
    if (char === "{") {
      at++;
      const object = {};
      skip();
      if (text[at] === "}") {
        at++;
        return object;
      }
      for (;;) {
        skip();
        if (text[at] !== '"') fail(`expected a property name in double quotes but found ${describe()}`);
        const keyLine = line;
        const key = string();
        const childPath = path ? `${path}.${key}` : key;
        lines.set(`${childPath}#key`, keyLine);
        expect(":");
        object[key] = value(childPath);
        skip();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "}") {
          at++;
          return object;
        }
        fail(`expected "," or "}" but found ${describe()}`);
      }
    }
    if (char === "[") {
      at++;
      const array = [];
      skip();
      if (text[at] === "]") {
        at++;
        return array;
      }
      for (;;) {
        array.push(value(`${path}[${array.length}]`));
        skip();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "]") {
          at++;
          return array;
        }
        fail(`expected "," or "]" but found ${describe()}`);
      }
    }
    if (char === '"') return string();
    const literal = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(at, at + 40));
    if (!literal) fail(`expected a value but found ${describe()}`);
    at += literal[0].length;
    return JSON.parse(literal[0]);
  };
  const result = value("");
  skip();
  if (at < text.length) fail(`found ${describe()} after the end of the JSON`);
  return { value: result, lines };
}
function lineOf(lines, path) {
  let current = path;
  while (current) {
    const found = lines.get(current);
    if (found !== void 0) return found;
    current = current.replace(/(\.?[^.[\]]+|\[\d+\])$/, "");
  }
  return lines.get("") ?? 1;
}

// bin/src/schema-check.mjs
var KNOWN = /* @__PURE__ */ new Set([
  "$schema",
  "title",
  "description",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "pattern",
  "minLength",
  "minItems",
  "format",
]);
var PATTERN_HINTS = {
  host: "must be an http(s) address, e.g. https://sprog.example.com",
  path: "must contain {lang} or {android_lang}, e.g. src/locales/{lang}.json",
  source: "must be a language code, e.g. en or pt-BR",
};
var typeOf = (value) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);
var article = (type) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
var join3 = (path, key) => (path ? `${path}.${key}` : key);
function validate(schema, value, path = "") {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN.has(keyword))
      throw new Error(`The config schema uses "${keyword}", which the CLI cannot check`);
  }
  const problems = [];
  const problem = (message, at = path) =>
    problems.push({ path: at, message: `${at || "the file"} ${message}` });
  const type = typeOf(value);
  if (schema.type && schema.type !== type) {
    problem(`must be ${article(schema.type)} (got ${type === "null" ? "null" : article(type)})`);
    return problems;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    problem(`must be one of ${schema.enum.join(", ")} (got ${JSON.stringify(value)})`);
  }
  if (type === "string") {
    if (schema.minLength !== void 0 && value.length < schema.minLength) problem("must not be empty");
    else if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) {
      const field = path.replace(/^.*[.\]]/, "").replace(/\[\d+\]$/, "");
      problem(`${PATTERN_HINTS[field] ?? `must match ${schema.pattern}`} (got ${JSON.stringify(value)})`);
    }
  }
  if (type === "array") {
    if (schema.minItems !== void 0 && value.length < schema.minItems) {
      problem(`must have at least ${schema.minItems} entr${schema.minItems === 1 ? "y" : "ies"}`);
    }
    if (schema.items) {
      for (const [i, item] of value.entries())
        problems.push(...validate(schema.items, item, `${path}[${i}]`));
    }
  }
  if (type === "object") {
    const properties = schema.properties ?? {};
    for (const name of schema.required ?? []) {
      if (value[name] === void 0) problem("is required", join3(path, name));
    }
    for (const [name, child] of Object.entries(value)) {
      if (properties[name]) problems.push(...validate(properties[name], child, join3(path, name)));
      else if (schema.additionalProperties === false) {
        const allowed = Object.keys(properties).filter((key) => key !== "$schema");
        problem(`is not a known field (allowed: ${allowed.join(", ")})`, join3(path, name));
      }
    }
  }
  return problems;
}

// bin/src/config.mjs
var CONFIG_FILE = "sprog.config.json";
var SECRET_NAME = /^(api[-_]?key|apikey|key|secret|token|sprog[-_]?api[-_]?key)$/i;
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
  return void 0;
}
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
function loadConfig(values, env) {
  const file = resolve(values.config ?? CONFIG_FILE);
  if (!existsSync(file)) {
    throw new CliError(
      `${values.config ?? CONFIG_FILE} not found in ${dirname(file)}: create one (see "sprog --help") or pass --config`,
      EXIT.badConfig,
    );
  }
  let parsed;
  try {
    parsed = parseWithLines(readFileSync2(file, "utf8"));
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
  const problems = validate(sprog_config_schema_default, value);
  if (problems.length > 0) {
    const [first, ...rest] = problems.map(
      (p) => `${basename(file)} line ${lineOf(lines, p.path)}: ${p.message}`,
    );
    const more =
      rest.length > 0
        ? `
${rest.join("\n")}`
        : "";
    throw new CliError(`${first}${more}`, EXIT.badConfig);
  }
  const patterns = compilePatterns(file, lines, value.check?.patterns);
  const host = values.host ?? env.SPROG_HOST ?? value.host;
  if (!host) {
    throw new CliError(`No host: set "host" in ${basename(file)}, or SPROG_HOST, or --host`, EXIT.badConfig);
  }
  return { config: value, dir: dirname(file), host, patterns };
}

// bin/src/help.mjs
var CONFIG = `Every command but "pull --format \u2026" reads sprog.config.json in the current directory
(or --config <file>); paths in it are relative to it. The API key comes from the environment
variable SPROG_API_KEY only, never the file. Example:
  {
    "$schema": "./node_modules/sprog/schemas/sprog.config.schema.json",
    "host": "https://sprog.example.com",
    "files": [{ "path": "src/locales/{lang}.json", "format": "json" }]
  }
"project" (id or name) is optional: when set, each command first checks that SPROG_API_KEY is
a key of that project. Patterns: {lang} (de, pt-BR) or {android_lang} (de, pt-rBR; the source
language's file is in values/ without the suffix), e.g.
app/src/main/res/values-{android_lang}/strings.xml or ios/{lang}.lproj/Localizable.strings;
and {namespace} where a language has several files (locales/{lang}/{namespace}.json: each
file is pushed with its namespace, and pull writes each namespace's file).`;
var COMMON = `  --config <file>              the config file (default ./sprog.config.json)
  --host <url>                 overrides the config's host (env SPROG_HOST)
  --timeout <seconds>          give up on a request after this long (default 60)
  -h, --help                   show this help`;
var EXIT_CODES = `Exit codes: 0 done or not modified, 1 network or server error, 2 bad usage,
3 API key missing/invalid/revoked (401) or without the command's scope (403), 4 bad request
(400), 5 rate limited (429), 6 check found keys missing in the project, 7 bad sprog.config.json.`;
var HELP = {
  main: `Usage: sprog <command> [options]

Commands:
  pull     write every mapped file for every project language (only files that changed)
  push     upload the source files (and with --translations the others)
  status   per language: keys, translated, missing, unverified, approved
  check    keys used in the code but missing in the project (and unused ones)

Run "sprog <command> --help" for a command's options.

${CONFIG}

${EXIT_CODES}
`,
  pull: `Usage: sprog pull [options]

Writes every file of sprog.config.json for every language of the project (POST /api/v1/pull),
only the files whose content changed. The ETags of the answers are kept in .sprog/etags.json:
while nothing changed in Sprog nothing is downloaded.

Options:
${COMMON}

One file without a config (as before sprog.config.json):
  --format <format>            json | strings | stringsdict | android (this mode needs it)
  --api-key <key>              the project API key (env SPROG_API_KEY)
  --placeholder-format <fmt>   web | ios | android (default: web for json, ios for strings
                               and stringsdict, android for android)
  --nested                     json: nested objects by the dots in keys (default: flat keys)
  --sort-keys                  keys by name (default: the order of the files they came from)
  --language <code>            one language, e.g. de; omitted: every language of the project
  --out <file or dir>          one language: the file (default ./{language}.{ext}; a directory
                               gets {language}.{ext} inside it).
                               All languages: a directory (existing, or ending in /) gets the
                               files extracted; anything else is where translations.zip is
                               written (default ./translations.zip)
  --etag-file <file>           remember the answer's ETag there and send it next time: when
                               nothing changed, nothing is downloaded or written

${EXIT_CODES}

Examples:
  SPROG_API_KEY=sprog_\u2026 sprog pull
  SPROG_API_KEY=sprog_\u2026 sprog pull --host https://sprog.example.com --format json --language de --out src/locales/de.json
`,
  push: `Usage: sprog push [options]

Uploads each mapping's source-language file to POST /api/v1/push (the key needs the push scope).
Changed source texts replace the project's; one transaction per file, history origin "api".

Options:
  --dry-run                    answer what would change, change nothing
  --delete-missing             delete the project's keys the source file does not have
  --translations               also upload the other languages' files found on disk
  --overwrite                  with --translations: replace translations that differ
                               (default: only fill missing ones)
  --tags <a,b>                 tags for the keys the push adds
${COMMON}

${EXIT_CODES}
`,
  status: `Usage: sprog status [options]

Prints per language of the project: keys, translated, missing, unverified, approved
(GET /api/v1/status).

Options:
${COMMON}

${EXIT_CODES}
`,
  check: `Usage: sprog check [--src <glob>]\u2026 [options]

Finds the keys the code uses and compares them with the project's (GET /api/v1/keys):
i18next t('\u2026') and i18nKey, react-intl <FormattedMessage id="\u2026"> and id: '\u2026', vue-i18n $t('\u2026'),
Android R.string.name and @string/name, iOS NSLocalizedString("\u2026") and String(localized: "\u2026"),
plus check.patterns of the config (regular expressions with one capture group: the key).
Keys used but missing in the project: exit 6. Keys in the project unused in the code: a warning.

Options:
  --src <glob>                 files to read, relative to the config file; ** * ? {a,b}
                               (repeatable; default: check.src of the config)
${COMMON}

${EXIT_CODES}
`,
};

// bin/src/options.mjs
var OPTIONS = {
  config: { type: "string" },
  host: { type: "string" },
  "api-key": { type: "string" },
  format: { type: "string" },
  "placeholder-format": { type: "string" },
  language: { type: "string" },
  nested: { type: "boolean" },
  "sort-keys": { type: "boolean" },
  out: { type: "string" },
  "etag-file": { type: "string" },
  "dry-run": { type: "boolean" },
  "delete-missing": { type: "boolean" },
  translations: { type: "boolean" },
  overwrite: { type: "boolean" },
  tags: { type: "string" },
  src: { type: "string", multiple: true },
  timeout: { type: "string" },
  help: { type: "boolean", short: "h" },
};
var COMMON2 = ["config", "host", "timeout", "help"];
var COMMAND_OPTIONS = {
  pull: [
    ...COMMON2,
    "api-key",
    "format",
    "placeholder-format",
    "language",
    "nested",
    "sort-keys",
    "out",
    "etag-file",
  ],
  push: [...COMMON2, "dry-run", "delete-missing", "translations", "overwrite", "tags"],
  status: COMMON2,
  check: [...COMMON2, "src"],
};

// bin/src/pull.mjs
import { existsSync as existsSync4 } from "node:fs";
import { join as join6 } from "node:path";

// bin/src/paths.mjs
function androidLang(code) {
  const parts = code.split("-");
  if (parts.length === 1) return code;
  if (parts.length === 2 && /^[A-Za-z]{2}$|^\d{3}$/.test(parts[1]))
    return `${parts[0]}-r${parts[1].toUpperCase()}`;
  return `b+${parts.join("+")}`;
}
function fromAndroidLang(qualifier) {
  if (qualifier.startsWith("b+")) return qualifier.slice(2).split("+").join("-");
  return qualifier.replace(/-r([A-Z]{2}|\d{3})$/, "-$1");
}
function pathFor(pattern, language, isSource, namespace = "") {
  const named = pattern.replace(/\{namespace\}/g, namespace);
  if (named.includes("{android_lang}")) {
    const withLanguage = isSource ? named.replace(/-\{android_lang\}/g, "") : named;
    return withLanguage.replace(/\{android_lang\}/g, androidLang(language));
  }
  return named.replace(/\{lang\}/g, language);
}
var PLACEHOLDER = /\{(lang|android_lang|namespace)\}/g;
function filesOnDisk(root, pattern, sourceLanguage) {
  const android = pattern.includes("{android_lang}");
  const found = /* @__PURE__ */ new Map();
  const patterns =
    android && sourceLanguage ? [pattern, pattern.replace(/-\{android_lang\}/g, "")] : [pattern];
  for (const one of patterns) {
    const names = [...one.matchAll(PLACEHOLDER)].map((match) => match[1]);
    const escaped = globRegex(one.replace(PLACEHOLDER, "SPROGPART")).source;
    const regex = new RegExp(escaped.replace(/SPROGPART/g, "([^/]+?)"));
    for (const file of glob(root, one.replace(PLACEHOLDER, "*"))) {
      const match = regex.exec(file);
      if (!match || found.has(file)) continue;
      const parts = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
      const language =
        parts.android_lang !== void 0
          ? fromAndroidLang(parts.android_lang)
          : (parts.lang ?? (one === pattern ? void 0 : sourceLanguage));
      if (language === void 0 || !/^[A-Za-z0-9+-]+$/.test(language)) continue;
      found.set(file, {
        language,
        file,
        ...(parts.namespace !== void 0 ? { namespace: parts.namespace } : {}),
      });
    }
  }
  return [...found.values()];
}
function languagesOnDisk(root, pattern) {
  return filesOnDisk(root, pattern).map(({ language, file }) => ({ language, file }));
}
function zipEntryLanguage(name) {
  const first = name.split("/")[0];
  if (first.endsWith(".lproj")) return first.slice(0, -".lproj".length);
  if (first.startsWith("values-")) return first.slice("values-".length);
  return first.replace(/\.[^.]+$/, "");
}

// bin/src/pull-direct.mjs
import {
  existsSync as existsSync2,
  mkdirSync,
  readFileSync as readFileSync3,
  statSync,
  writeFileSync,
} from "node:fs";
import {
  dirname as dirname2,
  isAbsolute,
  join as join4,
  normalize,
  resolve as resolve2,
  sep,
} from "node:path";

// bin/src/unzip.mjs
import { inflateRawSync } from "node:zlib";

function unzip(buffer) {
  const minEnd = Math.max(0, buffer.length - 22 - 65535);
  let end = -1;
  for (let i = buffer.length - 22; i >= minEnd; i--) {
    if (buffer.readUInt32LE(i) === 101010256) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new CliError("The server's answer is not a zip file", EXIT.failed);
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = [];
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(at) !== 33639248) throw new CliError("The zip file is damaged", EXIT.failed);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localHeader = buffer.readUInt32LE(at + 42);
    const name = buffer.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (buffer.readUInt32LE(localHeader) !== 67324752)
      throw new CliError("The zip file is damaged", EXIT.failed);
    const start =
      localHeader + 30 + buffer.readUInt16LE(localHeader + 26) + buffer.readUInt16LE(localHeader + 28);
    const data = buffer.subarray(start, start + compressedSize);
    if (name.endsWith("/")) continue;
    if (method !== 0 && method !== 8)
      throw new CliError(`Unsupported compression in the zip (${name})`, EXIT.failed);
    files.push({ name, bytes: method === 0 ? data : inflateRawSync(data) });
  }
  return files;
}

// bin/src/pull-direct.mjs
var FORMATS = ["json", "strings", "stringsdict", "android"];
var PLACEHOLDER_FORMATS = ["web", "ios", "android"];
var EXTENSIONS = { json: "json", strings: "strings", stringsdict: "stringsdict", android: "xml" };
var DEFAULT_PLACEHOLDERS = { json: "web", strings: "ios", stringsdict: "ios", android: "android" };
var usage2 = (message) => usage(message, "pull");
function readDirectOptions(values, env) {
  const host = values.host ?? env.SPROG_HOST;
  const apiKey = values["api-key"] ?? env.SPROG_API_KEY;
  const format = values.format;
  if (!host)
    throw usage2("Missing --host (or SPROG_HOST): the address of your Sprog, e.g. https://sprog.example.com");
  let base;
  try {
    base = new URL(host);
  } catch {
    throw usage2(`--host is not a URL: ${host}`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:")
    throw usage2(`--host must be http(s): ${host}`);
  if (!apiKey)
    throw usage2("Missing --api-key (or SPROG_API_KEY): create one in Project Settings \u2192 API Access");
  if (!format) throw usage2(`Missing --format: one of ${FORMATS.join(", ")}`);
  if (!FORMATS.includes(format))
    throw usage2(`--format must be one of ${FORMATS.join(", ")} (got "${format}")`);
  const placeholderFormat = values["placeholder-format"] ?? DEFAULT_PLACEHOLDERS[format];
  if (!PLACEHOLDER_FORMATS.includes(placeholderFormat)) {
    throw usage2(
      `--placeholder-format must be one of ${PLACEHOLDER_FORMATS.join(", ")} (got "${placeholderFormat}")`,
    );
  }
  if (values.nested && format !== "json") throw usage2(`--nested is for --format json only`);
  const timeout = values.timeout === void 0 ? 60 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) throw usage2(`--timeout must be a number of seconds`);
  const language = values.language?.trim() || void 0;
  return {
    url: new URL("api/v1/pull", base.href.endsWith("/") ? base.href : `${base.href}/`),
    apiKey: apiKey.trim(),
    format,
    placeholderFormat,
    language,
    nested: values.nested === true,
    sortKeys: values["sort-keys"] === true,
    out: values.out,
    etagFile: values["etag-file"],
    timeoutMs: timeout * 1e3,
  };
}
function isDirectory(path) {
  return existsSync2(path) && statSync(path).isDirectory();
}
function writeFile(path, bytes) {
  mkdirSync(dirname2(path), { recursive: true });
  writeFileSync(path, bytes);
}
function inside(dir, name) {
  const clean = normalize(name);
  if (isAbsolute(clean) || clean === ".." || clean.startsWith(`..${sep}`)) {
    throw new CliError(`Refusing to write ${name} outside ${dir}`, EXIT.failed);
  }
  return join4(dir, clean);
}
var isDirectoryName = (path) => isDirectory(path) || path.endsWith("/") || path.endsWith(sep);
function targetOf(options) {
  if (options.language) {
    const fileName = `${options.language}.${EXTENSIONS[options.format]}`;
    const out2 = options.out ?? fileName;
    return { path: isDirectoryName(out2) ? join4(out2, fileName) : out2, extract: false };
  }
  const out = options.out ?? "translations.zip";
  return { path: out, extract: isDirectoryName(out) };
}
async function pullDirect(options, log) {
  const body = { format: options.format, placeholderFormat: options.placeholderFormat };
  if (options.language) body.language = options.language;
  if (options.nested) body.nested = true;
  if (options.sortKeys) body.sortKeys = true;
  const headers = { "content-type": "application/json", "x-api-key": options.apiKey, accept: "*/*" };
  const target = targetOf(options);
  if (options.etagFile && existsSync2(options.etagFile) && existsSync2(target.path)) {
    const etag2 = readFileSync3(options.etagFile, "utf8").trim();
    if (etag2) headers["if-none-match"] = etag2;
  }
  let response;
  try {
    response = await fetch(options.url, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const reason = error?.name === "TimeoutError" ? "timed out" : (error?.cause?.message ?? error?.message);
    throw new CliError(`Could not reach ${options.url.origin}: ${reason}`, EXIT.failed);
  }
  if (response.status === 304) {
    log("Not modified since the last pull: nothing written.");
    return;
  }
  if (!response.ok) throw await failure(response);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (target.extract) {
    const files = unzip(bytes);
    for (const file of files) writeFile(inside(resolve2(target.path), file.name), file.bytes);
    const names = files.map((f) => f.name).join(", ");
    log(`Extracted ${files.length} file${files.length === 1 ? "" : "s"} into ${target.path}: ${names}`);
  } else {
    writeFile(target.path, bytes);
    log(`Wrote ${target.path} (${bytes.length} bytes)`);
  }
  const etag = response.headers.get("etag");
  if (options.etagFile && etag)
    writeFile(
      options.etagFile,
      `${etag}
`,
    );
}

// bin/src/state.mjs
import {
  existsSync as existsSync3,
  mkdirSync as mkdirSync2,
  readFileSync as readFileSync4,
  writeFileSync as writeFileSync2,
} from "node:fs";
import { dirname as dirname3, join as join5 } from "node:path";

function stateFile(dir) {
  return join5(dir, ".sprog", "etags.json");
}
function readState(dir) {
  try {
    const state = JSON.parse(readFileSync4(stateFile(dir), "utf8"));
    return state && typeof state === "object" && !Array.isArray(state) ? state : {};
  } catch {
    return {};
  }
}
function writeState(dir, state) {
  const file = stateFile(dir);
  mkdirSync2(dirname3(file), { recursive: true });
  writeFileSync2(
    file,
    `${JSON.stringify(state, null, 2)}
`,
  );
}
function writeIfChanged(path, bytes) {
  if (existsSync3(path) && Buffer.compare(readFileSync4(path), bytes) === 0) return false;
  mkdirSync2(dirname3(path), { recursive: true });
  writeFileSync2(path, bytes);
  return true;
}

// bin/src/pull.mjs
async function pullAll({ client, config, dir }, log) {
  const state = readState(dir);
  const counts = { written: 0, unchanged: 0 };
  for (const [index, mapping] of config.files.entries()) {
    const label = `[${index + 1}/${config.files.length}] ${mapping.path}`;
    if (!mapping.path.includes("{namespace}")) {
      await pullOne({ client, dir, state, counts, log }, mapping, index, label, void 0);
      continue;
    }
    const { namespaces } = await projectInfo(client);
    const named = (namespaces ?? []).filter((namespace) => namespace !== "");
    if (namespaces?.includes("") || named.length === 0) {
      log(
        `${label}: keys in no file of their own are not written (give them a file in the Overview, or add a mapping without {namespace})`,
      );
    }
    for (const namespace of named) {
      await pullOne({ client, dir, state, counts, log }, mapping, index, `${label} ${namespace}`, namespace);
    }
  }
  writeState(dir, state);
  log(
    `Pulled: ${counts.written} file${counts.written === 1 ? "" : "s"} written, ${counts.unchanged} unchanged.`,
  );
}
async function pullOne({ client, dir, state, counts, log }, mapping, index, label, namespace) {
  const body = {
    format: mapping.format,
    placeholderFormat: mapping.placeholderFormat ?? DEFAULT_PLACEHOLDERS[mapping.format],
    ...(mapping.nested ? { nested: true } : {}),
    ...(mapping.sortKeys ? { sortKeys: true } : {}),
    ...(namespace !== void 0 ? { namespace } : {}),
  };
  const stateKey = JSON.stringify([mapping.path, body]);
  const previous = state[stateKey];
  const headers = { "content-type": "application/json" };
  if (previous?.etag && previous.files?.every((file) => existsSync4(join6(dir, file)))) {
    headers["if-none-match"] = previous.etag;
  }
  const response = await call(client, "POST", "pull", { body: JSON.stringify(body), headers });
  if (response.status === 304) {
    log(`${label}: not modified since the last pull`);
    return;
  }
  const entries = unzip(Buffer.from(await response.arrayBuffer()));
  const source = mapping.path.includes("{android_lang}")
    ? await sourceOf(client, mapping, index)
    : mapping.source;
  const planned = entries.map((entry) => {
    const language = zipEntryLanguage(entry.name);
    return { entry, file: pathFor(mapping.path, language, language === source, namespace) };
  });
  const paths = planned.map(({ file }) => file);
  if (new Set(paths).size < paths.length) {
    throw new CliError(
      `The project keeps each language's keys in several files (${entries.map((entry) => entry.name).join(", ")}): put {namespace} in files[${index}].path, e.g. locales/{lang}/{namespace}.json`,
      EXIT.badConfig,
    );
  }
  for (const { entry, file } of planned) {
    if (writeIfChanged(join6(dir, file), entry.bytes)) {
      counts.written++;
      log(`${label}: wrote ${file} (${entry.bytes.length} bytes)`);
    } else {
      counts.unchanged++;
      log(`${label}: ${file} unchanged`);
    }
  }
  const etag = response.headers.get("etag");
  if (etag) state[stateKey] = { etag, files: paths };
}

// bin/src/push.mjs
import { existsSync as existsSync5, readFileSync as readFileSync5 } from "node:fs";
import { basename as basename2, join as join7 } from "node:path";

var REGISTRY_FORMATS = { json: "json", strings: "strings", stringsdict: "stringsdict", android: "xml" };
var plural2 = (count, word, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;
async function uploadsOf({ client, config, dir }, options) {
  const uploads = [];
  for (const [index, mapping] of config.files.entries()) {
    const source = await sourceOf(client, mapping, index);
    if (mapping.path.includes("{namespace}")) {
      const files = filesOnDisk(dir, mapping.path, source);
      const sources = files.filter((found) => found.language === source);
      if (sources.length === 0) {
        throw new CliError(
          `No file matches files[${index}].path for the source language ${source}: ${pathFor(mapping.path, source, true, "*")}`,
          EXIT.badConfig,
        );
      }
      const others = options.translations ? files.filter((found) => found.language !== source) : [];
      for (const found of [...sources, ...others])
        uploads.push({ mapping, ...found, isSource: found.language === source });
      continue;
    }
    const file = pathFor(mapping.path, source, true);
    if (!existsSync5(join7(dir, file))) {
      throw new CliError(
        `${file} not found: it is files[${index}]'s source file (${source})`,
        EXIT.badConfig,
      );
    }
    uploads.push({ mapping, file, language: source, isSource: true });
    if (!options.translations) continue;
    for (const found of languagesOnDisk(dir, mapping.path)) {
      if (found.language !== source)
        uploads.push({ mapping, file: found.file, language: found.language, isSource: false });
    }
  }
  return uploads;
}
function summaryLines(answer) {
  const lines = [`keys added ${answer.keysAdded}, deleted ${answer.keysDeleted}`];
  for (const language of answer.languages) {
    lines.push(
      `${language.code}: ${language.added} added, ${language.changed} changed, ${language.unchanged} unchanged`,
    );
  }
  for (const error of answer.errors) lines.push(`skipped: ${error}`);
  for (const notice of answer.notices ?? []) lines.push(`note: ${notice}`);
  return lines;
}
async function push(context, options, log) {
  const uploads = await uploadsOf(context, options);
  const totals = { keysAdded: 0, keysDeleted: 0, errors: 0 };
  for (const [index, upload] of uploads.entries()) {
    const form = new FormData();
    const bytes = readFileSync5(join7(context.dir, upload.file));
    form.set("file", new Blob([bytes]), basename2(upload.file));
    form.set("language", upload.language);
    form.set("format", REGISTRY_FORMATS[upload.mapping.format]);
    form.set("overwriteExisting", String(upload.isSource || options.overwrite));
    form.set("deleteMissing", String(upload.isSource && options.deleteMissing));
    form.set("dryRun", String(options.dryRun));
    if (options.tags) form.set("tags", options.tags);
    if (upload.namespace !== void 0) form.set("namespace", upload.namespace);
    const answer = expectFields(
      await callJson(context.client, "POST", "push", { body: form }),
      ["keysAdded", "keysDeleted", "languages", "errors"],
      "POST /api/v1/push",
    );
    const label = `[${index + 1}/${uploads.length}] ${upload.file} (${upload.language})`;
    log(`${label}: ${summaryLines(answer).join("; ")}`);
    totals.keysAdded += answer.keysAdded;
    totals.keysDeleted += answer.keysDeleted;
    totals.errors += answer.errors.length;
  }
  const done = `${plural2(uploads.length, "file")}, ${plural2(totals.keysAdded, "key")} added, ${totals.keysDeleted} deleted`;
  const skipped = totals.errors > 0 ? `, ${plural2(totals.errors, "entry", "entries")} skipped` : "";
  log(
    options.dryRun ? `dry run: nothing changed (would push ${done}${skipped})` : `Pushed ${done}${skipped}.`,
  );
}

// bin/src/status.mjs
var COLUMNS = ["language", "keys", "translated", "missing", "unverified", "approved"];
function table(rows) {
  const widths = COLUMNS.map((column, i) =>
    Math.max(column.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(COLUMNS), ...rows.map(line)].join("\n");
}
async function status({ client }, log) {
  const answer = await projectInfo(client);
  log(`${answer.project.name} (source language ${answer.project.sourceLanguage})`);
  const rows = answer.languages.map((l) => [
    l.code,
    l.keys,
    l.translated,
    l.missing,
    l.unverified,
    l.approved,
  ]);
  log(table(rows));
}

// bin/src/main.mjs
function parse(argv) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    const command = argv.find((arg) => !arg.startsWith("-"));
    throw usage(error.message, COMMAND_OPTIONS[command] ? command : "");
  }
}
function timeoutOf(values, command) {
  const seconds = values.timeout === void 0 ? 60 : Number(values.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw usage("--timeout must be a number of seconds", command);
  return seconds * 1e3;
}
function contextOf(values, env, command) {
  const loaded = loadConfig(values, env);
  const client = {
    base: baseUrl(loaded.host, command),
    apiKey: apiKeyFrom(env, command),
    timeoutMs: timeoutOf(values, command),
  };
  return { ...loaded, client };
}
async function run(command, values, env, log) {
  if (command === "pull" && values.format !== void 0) {
    await pullDirect(readDirectOptions(values, env), log);
    return EXIT.ok;
  }
  const context = contextOf(values, env, command);
  await checkProject(context.client, context.config);
  if (command === "pull") await pullAll(context, log);
  if (command === "push") {
    const options = {
      dryRun: values["dry-run"] === true,
      deleteMissing: values["delete-missing"] === true,
      translations: values.translations === true,
      overwrite: values.overwrite === true,
      tags: values.tags,
    };
    await push(context, options, log);
  }
  if (command === "status") await status(context, log);
  if (command === "check") return check(context, { src: values.src ?? [] }, log);
  return EXIT.ok;
}
async function main(argv, env) {
  const log = (line) => console.log(line);
  try {
    const { values, positionals } = parse(argv);
    const [command, extra] = positionals;
    if (command === void 0 || command === "help") {
      const asked = values.help || command === "help";
      (asked ? console.log : console.error)(HELP.main);
      return asked ? EXIT.ok : EXIT.usage;
    }
    if (!COMMAND_OPTIONS[command]) {
      throw usage(`Unknown command "${command}": one of ${Object.keys(COMMAND_OPTIONS).join(", ")}`);
    }
    if (values.help) {
      log(HELP[command]);
      return EXIT.ok;
    }
    if (extra !== void 0) throw usage(`Unexpected argument "${extra}"`, command);
    const foreign = Object.keys(values).find((name) => !COMMAND_OPTIONS[command].includes(name));
    if (foreign) throw usage(`sprog ${command} has no option --${foreign}`, command);
    return await run(command, values, env, log);
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`sprog: ${error.message}`);
      return error.exitCode;
    }
    console.error(`sprog: ${error?.stack ?? error}`);
    return EXIT.failed;
  }
}

// bin/src/entry.mjs
process.exitCode = await main(process.argv.slice(2), process.env);
