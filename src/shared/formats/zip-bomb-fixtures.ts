import { zipSync } from "fflate";

/** Zips that lie about their sizes, for the tests of the unpacked-size limit (issue 16). */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

/**
 * A raw DEFLATE stream of `size` zero bytes, written by hand so that a gigabyte costs milliseconds:
 * one fixed-Huffman block of zero literals, then matches of 258 bytes at distance 1 (13 bits each).
 */
export function deflatedZeros(size: number): Uint8Array {
  const matches = size > 258 ? Math.floor((size - 1) / 258) : 0;
  const literals = size - matches * 258;
  const out = new Uint8Array(Math.ceil((3 + 8 * literals + 13 * matches + 7) / 8));
  let bit = 0;
  const one = () => {
    out[bit >> 3] = (out[bit >> 3] ?? 0) | (1 << (bit & 7));
  };
  // Header fields go in least significant bit first, Huffman codes most significant bit first.
  const field = (value: number, count: number) => {
    for (let i = 0; i < count; i++, bit++) if ((value >> i) & 1) one();
  };
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--, bit++) if ((value >> i) & 1) one();
  };
  field(1, 1); // last block
  field(1, 2); // fixed Huffman codes
  for (let i = 0; i < literals; i++) code(0b00110000, 8); // literal 0
  for (let i = 0; i < matches; i++) {
    code(0b11000101, 8); // length 258 (symbol 285)
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  return out;
}

/**
 * A zip whose entries are the given raw DEFLATE streams while every size field, in the local
 * headers and in the central directory, claims `claimed` unpacked bytes. fflate stores the
 * streams as they are (level 0); the method is then switched to deflate and the sizes patched,
 * so a reader that trusts the directory sees a small package.
 */
export function lyingZip(streams: Record<string, Uint8Array>, claimed: number): Uint8Array {
  const zip = zipSync(streams, { level: 0 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let at = 0;
  while (view.getUint32(at, true) === LOCAL_HEADER) {
    view.setUint16(at + 8, 8, true);
    view.setUint32(at + 22, claimed, true);
    at += 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + view.getUint32(at + 18, true);
  }
  while (view.getUint32(at, true) === CENTRAL_HEADER) {
    view.setUint16(at + 10, 8, true);
    view.setUint32(at + 24, claimed, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  if (view.getUint32(at, true) !== END_OF_DIRECTORY) throw new Error("unexpected zip layout");
  return zip;
}

/**
 * One local entry holding `stream` and `copies` central directory entries (e000, e001…) that all
 * point at it, every one claiming `claimed` bytes: a reader that follows the directory unpacks
 * the stream once per directory entry (an "overlapping files" bomb), one that walks the local
 * headers only once.
 */
export function overlappingZip(stream: Uint8Array, copies: number, claimed: number): Uint8Array {
  const single = lyingZip({ e000: stream }, claimed);
  const view = new DataView(single.buffer, single.byteOffset, single.byteLength);
  const end = single.length - 22;
  const directoryAt = view.getUint32(end + 16, true);
  const record = single.subarray(directoryAt, end);
  const out = new Uint8Array(directoryAt + record.length * copies + 22);
  out.set(single.subarray(0, directoryAt));
  for (let i = 0; i < copies; i++) {
    const at = directoryAt + i * record.length;
    out.set(record, at);
    out.set(new TextEncoder().encode(`e${String(i).padStart(3, "0")}`), at + 46);
  }
  const tail = new DataView(out.buffer, out.length - 22);
  tail.setUint32(0, END_OF_DIRECTORY, true);
  tail.setUint16(8, copies, true);
  tail.setUint16(10, copies, true);
  tail.setUint32(12, record.length * copies, true);
  tail.setUint32(16, directoryAt, true);
  return out;
}
