import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import { CliError, EXIT, usage as usageOf } from "./exit.mjs";
import { failure } from "./http.mjs";
import { unzip } from "./unzip.mjs";

/**
 * `sprog pull --format …`: one request with everything on the command line, as before
 * sprog.config.json existed, so CI scripts written for it keep working.
 */
export const FORMATS = ["json", "strings", "stringsdict", "android"];
const PLACEHOLDER_FORMATS = ["web", "ios", "android"];
const EXTENSIONS = { json: "json", strings: "strings", stringsdict: "stringsdict", android: "xml" };
/** The placeholder format each file format's apps read, when --placeholder-format is not given. */
export const DEFAULT_PLACEHOLDERS = { json: "web", strings: "ios", stringsdict: "ios", android: "android" };

const usage = (message) => usageOf(message, "pull");

export function readDirectOptions(values, env) {
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

export async function pullDirect(options, log) {
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
  if (!response.ok) throw await failure(response);
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
