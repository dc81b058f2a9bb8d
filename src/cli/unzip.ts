import { unzipSync } from "fflate";
import { CliError, EXIT } from "./exit.ts";

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

/** fflate's code for a compression method it cannot read. */
const UNKNOWN_COMPRESSION = 14;

/** The files of a zip (the pull API's translations.zip) in its order, without the folder entries. */
export function unzip(bytes: Uint8Array): ZipEntry[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    throw new CliError(
      code === UNKNOWN_COMPRESSION
        ? "Unsupported compression in the zip"
        : "The server's answer is not a zip file",
      EXIT.failed,
    );
  }
  return Object.entries(files)
    .filter(([name]) => !name.endsWith("/"))
    .map(([name, data]) => ({ name, bytes: data }));
}
