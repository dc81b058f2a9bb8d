import { existsSync } from "node:fs";
import { join } from "node:path";
import { v1Contract } from "../shared/contract/v1.ts";
import type { PullBody } from "../shared/schemas/pull.ts";
import { onBranch } from "./branch.ts";
import type { CommandContext, Log } from "./context.ts";
import { CliError, EXIT } from "./exit.ts";
import { call } from "./http.ts";
import { pathFor, zipEntryLanguage } from "./paths.ts";
import { type FileMapping, projectInfo, sourceOf } from "./project.ts";
import { DEFAULT_PLACEHOLDERS } from "./pull-direct.ts";
import { type PullState, readState, stateEntry, writeIfChanged, writeState } from "./state.ts";
import { unzip } from "./unzip.ts";

/** What the requests of one `sprog pull` share. */
interface PullRun extends Pick<CommandContext, "client" | "dir" | "branch"> {
  state: PullState;
  counts: { written: number; unchanged: number };
  log: Log;
}

/**
 * `sprog pull` with sprog.config.json: per mapping one request for every language (the pull
 * API's zip), each file written where the mapping says, only when its bytes changed. A pattern
 * with {namespace} asks once per namespace the project has (GET /api/v1/status). The ETag of each
 * answer is kept in .sprog/etags.json and sent back as If-None-Match.
 */
export async function pullAll({ client, config, dir, branch }: CommandContext, log: Log): Promise<void> {
  const counts = { written: 0, unchanged: 0 };
  const run: PullRun = { client, dir, branch, state: readState(dir), counts, log };
  for (const [index, mapping] of config.files.entries()) {
    const label = `[${index + 1}/${config.files.length}] ${mapping.path}`;
    if (!mapping.path.includes("{namespace}")) {
      await pullOne(run, mapping, index, label, undefined);
      continue;
    }
    const { namespaces } = await projectInfo(client, branch);
    const named = namespaces.filter((namespace) => namespace !== "");
    if (namespaces.includes("") || named.length === 0) {
      log(
        `${label}: keys in no file of their own are not written (give them a file in the Overview, or add a mapping without {namespace})`,
      );
    }
    for (const namespace of named) {
      await pullOne(run, mapping, index, `${label} ${namespace}`, namespace);
    }
  }
  writeState(dir, run.state);
  const { written, unchanged } = counts;
  const from = branch === undefined ? "" : ` from${onBranch(branch)}`;
  log(`Pulled${from}: ${written} file${written === 1 ? "" : "s"} written, ${unchanged} unchanged.`);
}

/** One request of a mapping (one namespace's files, or every key's), and its files written. */
async function pullOne(
  { client, dir, branch, state, counts, log }: PullRun,
  mapping: FileMapping,
  index: number,
  label: string,
  namespace: string | undefined,
): Promise<void> {
  const body: PullBody = {
    format: mapping.format,
    placeholderFormat: mapping.placeholderFormat ?? DEFAULT_PLACEHOLDERS[mapping.format],
    ...(mapping.nested ? { nested: true } : {}),
    ...(mapping.sortKeys ? { sortKeys: true } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
    ...(branch !== undefined ? { branch } : {}),
  };
  // The body names the branch: each branch's files keep their own ETag.
  const stateKey = JSON.stringify([mapping.path, body]);
  const previous = stateEntry(state, stateKey);
  const headers: Record<string, string> = {};
  // The ETag only stands for files that are still there.
  if (previous?.files.every((file) => existsSync(join(dir, file)))) {
    headers["if-none-match"] = previous.etag;
  }
  const response = await call(client, v1Contract.pull, { body }, headers);
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
  // Several files a language: the project keeps its keys in namespaces, which one path cannot hold.
  const paths = planned.map(({ file }) => file);
  if (new Set(paths).size < paths.length) {
    throw new CliError(
      `The project keeps each language's keys in several files (${entries.map((entry) => entry.name).join(", ")}): put {namespace} in files[${index}].path, e.g. locales/{lang}/{namespace}.json`,
      EXIT.badConfig,
    );
  }
  for (const { entry, file } of planned) {
    if (writeIfChanged(join(dir, file), entry.bytes)) {
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
