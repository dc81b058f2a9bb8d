import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import { v1Contract } from "../shared/contract/v1.ts";
import {
  PULL_FILE_EXTENSIONS,
  PULL_FORMATS,
  PULL_PLACEHOLDER_FORMATS,
  type PullBody,
  type PullFormat,
  type PullPlaceholderFormat,
} from "../shared/schemas/pull.ts";
import { chosenBranch, onBranch } from "./branch.ts";
import type { Log } from "./context.ts";
import { CliError, EXIT, usage as usageOf } from "./exit.ts";
import { type ApiClient, baseUrl, call } from "./http.ts";
import { unzip } from "./unzip.ts";

/** The placeholder format each file format's apps read, when --placeholder-format is not given. */
export const DEFAULT_PLACEHOLDERS: Record<PullFormat, PullPlaceholderFormat> = {
  json: "web",
  strings: "ios",
  stringsdict: "ios",
  android: "android",
};

export interface DirectOptions {
  client: ApiClient;
  format: PullFormat;
  placeholderFormat: PullPlaceholderFormat;
  language: string | undefined;
  nested: boolean;
  sortKeys: boolean;
  out: string | undefined;
  etagFile: string | undefined;
  /** Undefined: main. */
  branch: string | undefined;
}

/** The options `sprog pull --format …` reads (parseArgs' values of its options). */
export interface DirectValues {
  host?: string | undefined;
  "api-key"?: string | undefined;
  format?: string | undefined;
  "placeholder-format"?: string | undefined;
  language?: string | undefined;
  nested?: boolean | undefined;
  "sort-keys"?: boolean | undefined;
  out?: string | undefined;
  "etag-file"?: string | undefined;
  timeout?: string | undefined;
  branch?: string | undefined;
}

const usage = (message: string) => usageOf(message, "pull");

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  values.some((allowed) => allowed === value);

export function readDirectOptions(values: DirectValues, env: NodeJS.ProcessEnv): DirectOptions {
  const host = values.host ?? env.SPROG_HOST;
  const apiKey = values["api-key"] ?? env.SPROG_API_KEY;
  const format = values.format;
  if (!host)
    throw usage("Missing --host (or SPROG_HOST): the address of your Sprog, e.g. https://sprog.example.com");
  const base = baseUrl(host, "pull", "--host");
  if (!apiKey)
    throw usage("Missing --api-key (or SPROG_API_KEY): create one in Project Settings → API Access");
  if (!format) throw usage(`Missing --format: one of ${PULL_FORMATS.join(", ")}`);
  if (!oneOf(PULL_FORMATS, format))
    throw usage(`--format must be one of ${PULL_FORMATS.join(", ")} (got "${format}")`);
  const placeholderFormat = values["placeholder-format"] ?? DEFAULT_PLACEHOLDERS[format];
  if (!oneOf(PULL_PLACEHOLDER_FORMATS, placeholderFormat)) {
    throw usage(
      `--placeholder-format must be one of ${PULL_PLACEHOLDER_FORMATS.join(", ")} (got "${placeholderFormat}")`,
    );
  }
  if (values.nested && format !== "json") throw usage(`--nested is for --format json only`);
  const timeout = values.timeout === undefined ? 60 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) throw usage(`--timeout must be a number of seconds`);
  const language = values.language?.trim() || undefined;
  return {
    client: { base, apiKey: apiKey.trim(), timeoutMs: timeout * 1000 },
    format,
    placeholderFormat,
    language,
    nested: values.nested === true,
    sortKeys: values["sort-keys"] === true,
    out: values.out,
    etagFile: values["etag-file"],
    // No config here: only --branch names one (a name, or git for the git branch).
    branch: chosenBranch(values.branch, {}, env, "pull"),
  };
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

function writeFile(path: string, bytes: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
}

/** Where one entry of the zip goes inside `dir`; refuses names that would leave it. */
function inside(dir: string, name: string): string {
  const clean = normalize(name);
  if (isAbsolute(clean) || clean === ".." || clean.startsWith(`..${sep}`)) {
    throw new CliError(`Refusing to write ${name} outside ${dir}`, EXIT.failed);
  }
  return join(dir, clean);
}

const isDirectoryName = (path: string) => isDirectory(path) || path.endsWith("/") || path.endsWith(sep);

/** Where the answer goes: one language's file, translations.zip, or a directory to extract it into. */
function targetOf(options: DirectOptions): { path: string; extract: boolean } {
  if (options.language) {
    const fileName = `${options.language}.${PULL_FILE_EXTENSIONS[options.format]}`;
    const out = options.out ?? fileName;
    return { path: isDirectoryName(out) ? join(out, fileName) : out, extract: false };
  }
  const out = options.out ?? "translations.zip";
  return { path: out, extract: isDirectoryName(out) };
}

/**
 * `sprog pull --format …`: one request with everything on the command line, as before
 * sprog.config.json existed, so CI scripts written for it keep working.
 */
export async function pullDirect(options: DirectOptions, log: Log): Promise<void> {
  const body: PullBody = { format: options.format, placeholderFormat: options.placeholderFormat };
  if (options.language) body.language = options.language;
  if (options.nested) body.nested = true;
  if (options.sortKeys) body.sortKeys = true;
  if (options.branch !== undefined) body.branch = options.branch;
  const headers: Record<string, string> = {};
  const target = targetOf(options);
  // The ETag only stands for files that are still there.
  if (options.etagFile && existsSync(options.etagFile) && existsSync(target.path)) {
    const etag = readFileSync(options.etagFile, "utf8").trim();
    if (etag) headers["if-none-match"] = etag;
  }
  const response = await call(options.client, v1Contract.pull, { body }, headers);
  if (response.status === 304) {
    log("Not modified since the last pull: nothing written.");
    return;
  }
  const bytes = Buffer.from(await response.arrayBuffer());

  if (target.extract) {
    const files = unzip(bytes);
    for (const file of files) writeFile(inside(resolve(target.path), file.name), file.bytes);
    const names = files.map((f) => f.name).join(", ");
    const from = options.branch === undefined ? "" : ` from${onBranch(options.branch)}`;
    log(
      `Extracted ${files.length} file${files.length === 1 ? "" : "s"}${from} into ${target.path}: ${names}`,
    );
  } else {
    writeFile(target.path, bytes);
    const from = options.branch === undefined ? "" : `, pulled from${onBranch(options.branch)}`;
    log(`Wrote ${target.path} (${bytes.length} bytes${from})`);
  }
  const etag = response.headers.get("etag");
  if (options.etagFile && etag) writeFile(options.etagFile, `${etag}\n`);
}
