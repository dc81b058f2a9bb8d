import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import { Zip, type ZipInputFile } from "fflate";
import type { OutputFile } from "../../shared/formats/types.ts";

/** A file of an export already deflated (in the format worker), ready to go into a zip as it is. */
export interface DeflatedFile {
  path: string;
  /** The file's length before compression. */
  size: number;
  crc: number;
  data: Uint8Array<ArrayBuffer>;
}

/**
 * Each file is deflated by Node's native zlib, about four times faster than fflate's JavaScript
 * deflate (`ZipDeflate`) on a large export; fflate takes any entry that brings its own compressed
 * data, so the archive is still fflate's streaming `Zip`.
 */
export function deflateFile(file: OutputFile): DeflatedFile {
  return {
    path: file.path,
    size: file.bytes.length,
    crc: crc32(file.bytes),
    data: new Uint8Array(deflateRawSync(file.bytes, { level: 6 })),
  };
}

/**
 * A file for a zip deflated as its bytes come, by Node's zlib on its own threads: only the
 * compressed bytes are held (a 250,000-key JSON file: 1.5 MB of 17 MB). Deflating a stream gives
 * the bytes `deflateFile` gives for the whole.
 */
export class DeflatingFile {
  private readonly deflater = createDeflateRaw({ level: 6 });
  private readonly compressed: Buffer[] = [];
  private failure: Error | undefined;
  private crc = 0;
  private size = 0;

  constructor(readonly path: string) {
    this.deflater.on("data", (chunk: Buffer) => this.compressed.push(chunk));
    this.deflater.on("error", (error) => {
      this.failure ??= error;
    });
  }

  write(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    this.deflater.write(bytes);
  }

  async end(): Promise<DeflatedFile> {
    if (!this.failure) {
      await new Promise<void>((resolve, reject) => {
        this.deflater.once("end", resolve);
        this.deflater.once("error", reject);
        this.deflater.end();
      });
    }
    if (this.failure) throw this.failure;
    const data = new Uint8Array(Buffer.concat(this.compressed));
    this.compressed.length = 0;
    return { path: this.path, size: this.size, crc: this.crc, data };
  }

  /** Frees zlib's memory at once (an export given up). */
  abort(): void {
    this.deflater.destroy();
  }
}

/**
 * The files of an export in one zip (spec: `translations-{projectId}.zip`), as one array: for
 * answers small enough to keep (the pull API's cache). The export dialog streams (`zipStream`).
 */
export function zipFiles(files: readonly OutputFile[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = archive((chunk) => chunks.push(chunk));
  for (const file of files) zip.add(deflateFile(file));
  zip.end();
  return concatBytes(chunks);
}

/**
 * A zip written as its files arrive: the archive never sits in memory, only the file being added
 * (compressed) and what the reader has not taken yet. The reader pulls; files are asked for only
 * as fast as it takes them, and cancelling (a client gone) ends the files' source too.
 */
export function zipStream(files: AsyncIterable<DeflatedFile>): ReadableStream<Uint8Array> {
  const iterator = files[Symbol.asyncIterator]();
  const ready: Uint8Array[] = [];
  const zip = archive((chunk) => ready.push(chunk));
  let ended = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (ready.length === 0 && !ended) {
        const next = await iterator.next();
        if (next.done) {
          zip.end();
          ended = true;
        } else zip.add(next.value);
      }
      const chunk = ready.length > 0 ? concatBytes(ready.splice(0)) : undefined;
      if (chunk) controller.enqueue(chunk);
      if (ended && ready.length === 0) controller.close();
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** fflate's streaming zip, taking deflated files. Its chunks come out synchronously as files are added. */
function archive(onChunk: (chunk: Uint8Array) => void) {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else onChunk(chunk);
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    add(file: DeflatedFile) {
      const entry: ZipInputFile = { filename: file.path, size: file.size, crc: file.crc, compression: 8 };
      zip.add(entry);
      entry.ondata?.(null, file.data, true);
      check();
    },
    end() {
      zip.end();
      check();
    },
  };
}

/** A stream's bytes as one array (answers small enough to keep). */
export async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return concatBytes(chunks);
}

/** Chunks of bytes as one array (one chunk is given back as it is). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
