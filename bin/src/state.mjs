import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * `.sprog/etags.json` beside the config: per mapping the ETag of the last pull and the files it
 * wrote, so the next pull sends If-None-Match only while those files are still there.
 */
export function stateFile(dir) {
  return join(dir, ".sprog", "etags.json");
}

export function readState(dir) {
  try {
    const state = JSON.parse(readFileSync(stateFile(dir), "utf8"));
    return state && typeof state === "object" && !Array.isArray(state) ? state : {};
  } catch {
    return {};
  }
}

export function writeState(dir, state) {
  const file = stateFile(dir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}

/** Writes only when the bytes differ; answers whether it wrote. */
export function writeIfChanged(path, bytes) {
  if (existsSync(path) && Buffer.compare(readFileSync(path), bytes) === 0) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  return true;
}
