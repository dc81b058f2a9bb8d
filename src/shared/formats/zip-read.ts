import { Inflate } from "fflate";

/**
 * Unpacking a zip package under a cap on the bytes it unpacks to (issue 16).
 *
 * The sizes in a zip's headers are whatever its author wrote: a 1 GB entry can claim 1 KB. So the
 * cap is checked against the bytes really inflated, while inflating, and the read stops as soon as
 * the total passes it. The entries are those of the central directory, each read from the local
 * header it points to, as directory-based readers (JSZip in exceljs) do: several directory entries
 * pointing at the same data (an "overlapping files" bomb) are each counted. Walking the local
 * headers in file order (fflate's streaming `Unzip`) would count such data once.
 *
 * Only STORE and DEFLATE are read (the only methods JSZip reads); encrypted entries, split
 * archives and anything out of bounds are "damaged".
 */

/** Deflate input per step. DEFLATE expands at most ~1032×, so one step passes the cap by ~16.5 MB at most. */
const STEP = 16 * 1024;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

/** The package unpacks to more than the cap: `declared` when its directory says so, else the bytes inflated before stopping. */
export class ZipTooLargeError extends Error {
  constructor(
    readonly inflated: number,
    readonly declared?: number,
  ) {
    super(`zip unpacks to more than allowed (${declared ?? inflated} bytes)`);
  }
}

export class ZipDamagedError extends Error {}

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** The entries of `bytes` (directories left out), refusing once more than `maxUnpacked` bytes come out. */
export function readZipEntries(bytes: Uint8Array, maxUnpacked: number): ZipEntry[] {
  const need = (at: number, length: number) => {
    if (!Number.isSafeInteger(at) || at < 0 || at + length > bytes.length) {
      throw new ZipDamagedError("zip structure points outside the file");
    }
    return at;
  };
  const u16 = (at: number) => {
    need(at, 2);
    return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
  };
  const u32 = (at: number) => u16(at) + u16(at + 2) * 0x10000;
  const u64 = (at: number) => u32(at) + u32(at + 4) * 0x100000000;

  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - MAX16; at--) {
    if (u32(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new ZipDamagedError("no end of central directory");
  let directoryAt = u32(end + 16);
  let declaredCount = u16(end + 10);
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0) throw new ZipDamagedError("split archive");
  if (directoryAt === MAX32 || declaredCount === MAX16 || u32(end + 12) === MAX32) {
    const locator = end - 20;
    if (u32(locator) !== ZIP64_LOCATOR) throw new ZipDamagedError("no zip64 locator");
    const zip64End = u64(locator + 8);
    if (u32(zip64End) !== ZIP64_END) throw new ZipDamagedError("no zip64 end of central directory");
    declaredCount = u64(zip64End + 32);
    directoryAt = u64(zip64End + 48);
  }

  interface Found {
    name: string;
    method: number;
    start: number;
    size: number;
  }
  const found: Found[] = [];
  let declared = 0;
  let at = directoryAt;
  while (at + 4 <= bytes.length && u32(at) === CENTRAL_HEADER) {
    const flags = u16(at + 8);
    const method = u16(at + 10);
    let size = u32(at + 20);
    let unpacked = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    let local = u32(at + 42);
    const nameAt = need(at + 46, nameLength);
    const extraAt = nameAt + nameLength;
    need(extraAt, extraLength);
    for (let field = extraAt; field + 4 <= extraAt + extraLength; field += 4 + u16(field + 2)) {
      if (u16(field) !== 0x0001) continue;
      // ZIP64 extended sizes: only the fields whose 32-bit value is the 0xFFFFFFFF marker, in this order.
      let value = field + 4;
      const next = () => {
        const read = u64(value);
        value += 8;
        return read;
      };
      if (unpacked === MAX32) unpacked = next();
      if (size === MAX32) size = next();
      if (local === MAX32) local = next();
    }
    if (flags & 1) throw new ZipDamagedError("encrypted entry");
    if (u32(local) !== LOCAL_HEADER) throw new ZipDamagedError("entry without local header");
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    need(start, size);
    const nameBytes = bytes.subarray(nameAt, nameAt + nameLength);
    const name =
      flags & 0x0800
        ? new TextDecoder().decode(nameBytes)
        : Array.from(nameBytes, (byte) => String.fromCharCode(byte)).join(""); // one character per byte, as JSZip reads it
    found.push({ name, method, start, size });
    declared += unpacked;
    at = extraAt + extraLength + u16(at + 32);
  }
  if (found.length === 0 && declaredCount > 0) throw new ZipDamagedError("empty central directory");
  if (declared > maxUnpacked) throw new ZipTooLargeError(0, declared);

  let inflated = 0;
  const entries: ZipEntry[] = [];
  for (const entry of found) {
    const packed = bytes.subarray(entry.start, entry.start + entry.size);
    let data: Uint8Array;
    if (entry.method === 0) {
      inflated += packed.length;
      if (inflated > maxUnpacked) throw new ZipTooLargeError(inflated);
      data = packed;
    } else if (entry.method === 8) {
      data = inflateCounted(packed, (length) => {
        inflated += length;
        if (inflated > maxUnpacked) throw new ZipTooLargeError(inflated);
      });
    } else {
      throw new ZipDamagedError(`unknown compression method ${entry.method}`);
    }
    if (!(entry.name.endsWith("/") && data.length === 0)) entries.push({ name: entry.name, data });
  }
  return entries;
}

/** Inflates `packed` a step at a time, telling `onBytes` each piece's length before keeping it. */
function inflateCounted(packed: Uint8Array, onBytes: (length: number) => void): Uint8Array {
  const pieces: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((piece) => {
    onBytes(piece.length);
    pieces.push(piece);
    total += piece.length;
  });
  try {
    if (packed.length === 0) inflater.push(packed, true);
    for (let at = 0; at < packed.length; at += STEP) {
      const before = total;
      const last = at + STEP >= packed.length;
      inflater.push(packed.subarray(at, at + STEP), last);
      // A whole step gave nothing: the stream has ended (what follows it is ignored, by JSZip too)
      // or is empty blocks only. fflate keeps unread input and copies it on every push, so feeding
      // trailing bytes step by step would cost quadratic time; the last push tells which case it is.
      if (!last && total === before) {
        inflater.push(new Uint8Array(0), true);
        break;
      }
    }
  } catch (cause) {
    if (cause instanceof ZipTooLargeError) throw cause;
    throw new ZipDamagedError(`entry cannot be inflated (${cause instanceof Error ? cause.message : cause})`);
  }
  if (pieces.length === 1 && pieces[0] !== undefined) return pieces[0];
  const data = new Uint8Array(total);
  let offset = 0;
  for (const piece of pieces) {
    data.set(piece, offset);
    offset += piece.length;
  }
  return data;
}
