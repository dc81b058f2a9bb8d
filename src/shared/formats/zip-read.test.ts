import { Inflate, strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deflatedZeros, lyingZip } from "./zip-bomb-fixtures.ts";
import { readZipEntries, ZipDamagedError, ZipTooLargeError } from "./zip-read.ts";

const MB = 1024 * 1024;

afterEach(() => {
  vi.restoreAllMocks();
});

function tooLarge(bytes: Uint8Array, limit: number): ZipTooLargeError {
  try {
    readZipEntries(bytes, limit);
  } catch (error) {
    if (error instanceof ZipTooLargeError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("readZipEntries", () => {
  it("gives the entries of an ordinary zip, stored and deflated, without directories", () => {
    const zip = zipSync({
      "a.txt": strToU8("hello"),
      "dir/": new Uint8Array(0),
      "dir/b.xml": [strToU8("<b/>".repeat(1000)), { level: 9 }],
      "ü.txt": [strToU8("stored"), { level: 0 }],
    });
    const entries = readZipEntries(zip, MB);
    expect(entries.map((entry) => [entry.name, new TextDecoder().decode(entry.data)])).toEqual([
      ["a.txt", "hello"],
      ["dir/b.xml", "<b/>".repeat(1000)],
      ["ü.txt", "stored"],
    ]);
  });

  it("stops inflating one step past the limit, whatever the headers claim", () => {
    const limit = MB;
    const error = tooLarge(lyingZip({ big: deflatedZeros(512 * MB) }, 1024), limit);
    expect(error.declared).toBeUndefined();
    expect(error.inflated).toBeGreaterThan(limit);
    // One step of 16 KB deflate input expands 1032× at most.
    expect(error.inflated).toBeLessThanOrEqual(limit + 16 * 1024 * 1032);
  });

  it("refuses declared sizes over the limit without inflating", () => {
    const push = vi.spyOn(Inflate.prototype, "push");
    const error = tooLarge(lyingZip({ a: deflatedZeros(1000) }, 2 * MB), MB);
    expect(error.declared).toBe(2 * MB);
    expect(push).not.toHaveBeenCalled();
  });

  it("does not feed bytes after the end of a deflate stream step by step", () => {
    // A 1 KB stream followed by 4 MB of junk inside the same entry: inflated once, junk ignored.
    const stream = deflatedZeros(1024);
    const packed = new Uint8Array(stream.length + 4 * MB);
    packed.set(stream);
    packed.fill(0xaa, stream.length);
    const push = vi.spyOn(Inflate.prototype, "push");
    const [entry] = readZipEntries(lyingZip({ a: packed }, 1024), MB);
    expect(entry?.data).toEqual(new Uint8Array(1024));
    expect(push.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it("calls truncated, encrypted or out-of-bounds packages damaged", () => {
    const zip = zipSync({ "a.txt": strToU8("hello".repeat(100)) });
    expect(() => readZipEntries(zip.subarray(0, zip.length - 30), MB)).toThrow(ZipDamagedError);
    expect(() => readZipEntries(new Uint8Array(10), MB)).toThrow(ZipDamagedError);
    const encrypted = zip.slice();
    const directory = new DataView(encrypted.buffer).getUint32(encrypted.length - 6, true);
    encrypted[directory + 8] = 1;
    expect(() => readZipEntries(encrypted, MB)).toThrow(ZipDamagedError);
    const truncatedStream = lyingZip({ a: deflatedZeros(100_000).subarray(0, 20) }, 10);
    expect(() => readZipEntries(truncatedStream, MB)).toThrow(ZipDamagedError);
  });
});
