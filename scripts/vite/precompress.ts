import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text the browser downloads; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml)$/;
/** Below this, the encoding header costs about what it saves. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `x.br` and `x.gz` beside every compressible file of the build, once, at build time, so
 * the server sends a phone on a slow line a fifth of the bytes without compressing on each request
 * (its static handler picks the variant the browser accepts). Brotli at its best level: the build
 * pays a second or two for every visitor's download.
 */
export async function precompressFiles(outDir: string): Promise<void> {
  for (const file of await filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const bytes = await readFile(file);
    await writeFile(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}
