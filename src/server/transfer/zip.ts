import { zipSync } from "fflate";
import type { OutputFile } from "../../shared/formats/types.ts";

/** The files of an export in one zip (spec: `translations-{projectId}.zip`). */
export function zipFiles(files: readonly OutputFile[]): Uint8Array {
  return zipSync(Object.fromEntries(files.map((file) => [file.path, file.bytes])), { level: 6 });
}
