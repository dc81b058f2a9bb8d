#!/usr/bin/env node
// Sprog command-line client for the pull API (CI/CD). Plain JavaScript, Node >= 20 built-ins only, so
// it also runs as a single downloaded file: curl -fsSLO https://your-sprog/cli/sprog.mjs
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import { inflateRawSync } from "node:zlib";

const FORMATS = ["json", "strings", "stringsdict", "android"];
const PLACEHOLDER_FORMATS = ["web", "ios", "android"];
const EXTENSIONS = { json: "json", strings: "strings", stringsdict: "stringsdict", android: "xml" };
/** The placeholder format each file format's apps read, when --placeholder-format is not given. */
const DEFAULT_PLACEHOLDERS = { json: "web", strings: "ios", stringsdict: "ios", android: "android" };

/** Exit codes: 0 done (also "not modified"), 1 network or server error, 2 usage, 3 key refused, 4 bad request, 5 rate limited. */
const EXIT = { ok: 0, failed: 1, usage: 2, unauthorized: 3, badRequest: 4, rateLimited: 5 };

const HELP = `Usage: sprog pull [options]

Downloads a project's translations from Sprog's pull API (POST {host}/api/v1/pull).

Options:
  --host <url>                 Sprog address, e.g. https://sprog.example.com   (env SPROG_HOST)
  --api-key <key>              project API key, from Project Settings → API Access (env SPROG_API_KEY)
  --format <format>            json | strings | stringsdict | android           (required)
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
  --timeout <seconds>          give up after this long (default 60)
  -h, --help                   show this help

Exit codes: 0 done or not modified, 1 network or server error, 2 bad usage,
3 API key missing/invalid/revoked (401), 4 bad request (400), 5 rate limited (429).

Example:
  SPROG_API_KEY=sprog_… sprog pull --host https://sprog.example.com --format json --language de --out src/locales/de.json
`;

class CliError extends Error {
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
}

function usage(message) {
  return new CliError(`${message}\nRun "sprog pull --help" for the options.`, EXIT.usage);
}

function parse(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        host: { type: "string" },
        "api-key": { type: "string" },
        format: { type: "string" },
        "placeholder-format": { type: "string" },
        language: { type: "string" },
        nested: { type: "boolean" },
        "sort-keys": { type: "boolean" },
        out: { type: "string" },
        "etag-file": { type: "string" },
        timeout: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw usage(error.message);
  }
  return parsed;
}

function readOptions(values, env) {
  const host = values.host ?? env.SPROG_HOST;
  const apiKey = values["api-key"] ?? env.SPROG_API_KEY;
  const format = values.format;
  if (!host)
    throw usage("Missing --host (or SPROG_HOST): the address of your Sprog, e.g. https://sprog.example.com");
  let base;
  try {
    base = new URL(host);
  } catch {
    throw usage(`--host is not a URL: ${host}`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") throw usage(`--host must be http(s): ${host}`);
  if (!apiKey)
    throw usage("Missing --api-key (or SPROG_API_KEY): create one in Project Settings → API Access");
  if (!format) throw usage(`Missing --format: one of ${FORMATS.join(", ")}`);
  if (!FORMATS.includes(format))
    throw usage(`--format must be one of ${FORMATS.join(", ")} (got "${format}")`);
  const placeholderFormat = values["placeholder-format"] ?? DEFAULT_PLACEHOLDERS[format];
  if (!PLACEHOLDER_FORMATS.includes(placeholderFormat)) {
    throw usage(
      `--placeholder-format must be one of ${PLACEHOLDER_FORMATS.join(", ")} (got "${placeholderFormat}")`,
    );
  }
  if (values.nested && format !== "json") throw usage(`--nested is for --format json only`);
  const timeout = values.timeout === undefined ? 60 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) throw usage(`--timeout must be a number of seconds`);
  const language = values.language?.trim() || undefined;
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
    timeoutMs: timeout * 1000,
  };
}

/** The entries of a zip (stored or deflated), by name. Enough for the zips Sprog writes. */
function unzip(buffer) {
  const minEnd = Math.max(0, buffer.length - 22 - 0xffff);
  let end = -1;
  for (let i = buffer.length - 22; i >= minEnd; i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new CliError("The server's answer is not a zip file", EXIT.failed);
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = [];
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new CliError("The zip file is damaged", EXIT.failed);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localHeader = buffer.readUInt32LE(at + 42);
    const name = buffer.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (buffer.readUInt32LE(localHeader) !== 0x04034b50)
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

function isDirectory(path) {
  return existsSync(path) && statSync(path).isDirectory();
}

function writeFile(path, bytes) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
}

/** Where one entry of the zip goes inside `dir`; refuses names that would leave it. */
function inside(dir, name) {
  const clean = normalize(name);
  if (isAbsolute(clean) || clean === ".." || clean.startsWith(`..${sep}`)) {
    throw new CliError(`Refusing to write ${name} outside ${dir}`, EXIT.failed);
  }
  return join(dir, clean);
}

const isDirectoryName = (path) => isDirectory(path) || path.endsWith("/") || path.endsWith(sep);

/** Where the answer goes: one language's file, translations.zip, or a directory to extract it into. */
function targetOf(options) {
  if (options.language) {
    const fileName = `${options.language}.${EXTENSIONS[options.format]}`;
    const out = options.out ?? fileName;
    return { path: isDirectoryName(out) ? join(out, fileName) : out, extract: false };
  }
  const out = options.out ?? "translations.zip";
  return { path: out, extract: isDirectoryName(out) };
}

async function errorText(response) {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text);
    if (body?.error?.message) return body.error.message;
  } catch {
    // Not our error shape: a proxy's page, for example.
  }
  return text.trim().slice(0, 300) || response.statusText;
}

async function pull(options, log) {
  const body = { format: options.format, placeholderFormat: options.placeholderFormat };
  if (options.language) body.language = options.language;
  if (options.nested) body.nested = true;
  if (options.sortKeys) body.sortKeys = true;
  const headers = { "content-type": "application/json", "x-api-key": options.apiKey, accept: "*/*" };
  const target = targetOf(options);
  // The ETag only stands for files that are still there.
  if (options.etagFile && existsSync(options.etagFile) && existsSync(target.path)) {
    const etag = readFileSync(options.etagFile, "utf8").trim();
    if (etag) headers["if-none-match"] = etag;
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
  if (!response.ok) {
    const message = await errorText(response);
    if (response.status === 401) throw new CliError(`API key refused (401): ${message}`, EXIT.unauthorized);
    if (response.status === 400) throw new CliError(`Bad request (400): ${message}`, EXIT.badRequest);
    if (response.status === 429) {
      const wait = response.headers.get("retry-after");
      throw new CliError(
        `Rate limited (429): ${message}${wait ? ` Retry after ${wait} s.` : ""}`,
        EXIT.rateLimited,
      );
    }
    throw new CliError(`The server answered ${response.status}: ${message}`, EXIT.failed);
  }
  const bytes = Buffer.from(await response.arrayBuffer());

  if (target.extract) {
    const files = unzip(bytes);
    for (const file of files) writeFile(inside(resolve(target.path), file.name), file.bytes);
    const names = files.map((f) => f.name).join(", ");
    log(`Extracted ${files.length} file${files.length === 1 ? "" : "s"} into ${target.path}: ${names}`);
  } else {
    writeFile(target.path, bytes);
    log(`Wrote ${target.path} (${bytes.length} bytes)`);
  }
  const etag = response.headers.get("etag");
  if (options.etagFile && etag) writeFile(options.etagFile, `${etag}\n`);
}

async function main(argv = process.argv.slice(2), env = process.env) {
  const log = (line) => console.log(line);
  try {
    const { values, positionals } = parse(argv);
    if (values.help || positionals.length === 0 || positionals[0] === "help") {
      if (positionals.length === 0 && !values.help) {
        console.error(HELP);
        return EXIT.usage;
      }
      log(HELP);
      return EXIT.ok;
    }
    if (positionals[0] !== "pull")
      throw usage(`Unknown command "${positionals[0]}": the only command is pull`);
    if (positionals.length > 1) throw usage(`Unexpected argument "${positionals[1]}"`);
    await pull(readOptions(values, env), log);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`sprog: ${error.message}`);
      return error.exitCode;
    }
    console.error(`sprog: ${error?.stack ?? error}`);
    return EXIT.failed;
  }
}

process.exitCode = await main();
