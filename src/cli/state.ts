import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";

/**
 * `.sprog/etags.json` beside the config: per mapping the ETag of the last pull and the files it
 * wrote, so the next pull sends If-None-Match only while those files are still there. Entries
 * this version cannot read are kept as they are, and not used.
 */
export type PullState = Record<string, unknown>;

export interface PullStateEntry {
  etag: string;
  files: string[];
}

const stateSchema = z.record(z.string(), z.unknown());
const entrySchema = z.object({ etag: z.string().min(1), files: z.array(z.string()) });

export function stateFile(dir: string): string {
  return join(dir, ".sprog", "etags.json");
}

export function readState(dir: string): PullState {
  try {
    const state: unknown = JSON.parse(readFileSync(stateFile(dir), "utf8"));
    return stateSchema.safeParse(state).data ?? {};
  } catch {
    return {};
  }
}

/** One mapping's entry, when it is one this version wrote. */
export function stateEntry(state: PullState, key: string): PullStateEntry | undefined {
  return entrySchema.safeParse(state[key]).data;
}

export function writeState(dir: string, state: PullState): void {
  const file = stateFile(dir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}

/** Writes only when the bytes differ; answers whether it wrote. */
export function writeIfChanged(path: string, bytes: Uint8Array): boolean {
  if (existsSync(path) && Buffer.compare(readFileSync(path), bytes) === 0) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  return true;
}
