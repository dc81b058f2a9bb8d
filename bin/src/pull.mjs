import { existsSync } from "node:fs";
import { join } from "node:path";
import { call } from "./http.mjs";
import { pathFor, zipEntryLanguage } from "./paths.mjs";
import { sourceOf } from "./project.mjs";
import { DEFAULT_PLACEHOLDERS } from "./pull-direct.mjs";
import { readState, writeIfChanged, writeState } from "./state.mjs";
import { unzip } from "./unzip.mjs";

/**
 * `sprog pull` with sprog.config.json: per mapping one request for every language (the pull
 * API's zip), each file written where the mapping says, only when its bytes changed. The ETag
 * of each mapping's answer is kept in .sprog/etags.json and sent back as If-None-Match.
 */
export async function pullAll({ client, config, dir }, log) {
  const state = readState(dir);
  let written = 0;
  let unchanged = 0;
  for (const [index, mapping] of config.files.entries()) {
    const body = {
      format: mapping.format,
      placeholderFormat: mapping.placeholderFormat ?? DEFAULT_PLACEHOLDERS[mapping.format],
      ...(mapping.nested ? { nested: true } : {}),
      ...(mapping.sortKeys ? { sortKeys: true } : {}),
    };
    const stateKey = JSON.stringify([mapping.path, body]);
    const previous = state[stateKey];
    const headers = { "content-type": "application/json" };
    // The ETag only stands for files that are still there.
    if (previous?.etag && previous.files?.every((file) => existsSync(join(dir, file)))) {
      headers["if-none-match"] = previous.etag;
    }
    const label = `[${index + 1}/${config.files.length}] ${mapping.path}`;
    const response = await call(client, "POST", "pull", { body: JSON.stringify(body), headers });
    if (response.status === 304) {
      log(`${label}: not modified since the last pull`);
      continue;
    }
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    const source = mapping.path.includes("{android_lang}")
      ? await sourceOf(client, mapping, index)
      : mapping.source;
    const files = [];
    for (const entry of entries) {
      const language = zipEntryLanguage(entry.name);
      const file = pathFor(mapping.path, language, language === source);
      files.push(file);
      if (writeIfChanged(join(dir, file), entry.bytes)) {
        written++;
        log(`${label}: wrote ${file} (${entry.bytes.length} bytes)`);
      } else {
        unchanged++;
        log(`${label}: ${file} unchanged`);
      }
    }
    const etag = response.headers.get("etag");
    if (etag) state[stateKey] = { etag, files };
  }
  writeState(dir, state);
  log(`Pulled: ${written} file${written === 1 ? "" : "s"} written, ${unchanged} unchanged.`);
}
