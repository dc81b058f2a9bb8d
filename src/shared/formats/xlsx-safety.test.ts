// Hostile workbooks (issue 16): sizes faked in the zip directory, and formula-looking text on export.
import { Inflate, strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SerializeOptions } from "./types.ts";
import { xlsxFormat } from "./xlsx.ts";
import { deflatedZeros, lyingZip, overlappingZip } from "./zip-bomb-fixtures.ts";

const MB = 1024 * 1024;
const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };
const parse = (data: Uint8Array) => xlsxFormat.parse(data, { language: "de", sourceLanguage: "en" });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("xlsx: the unpacked-size limit counts real bytes", () => {
  const TOO_BIG = "This Excel workbook unpacks to more than the 200 MB Sprog reads.";

  it("refuses an entry that inflates to 1 GB while claiming 1 KB, and stops inflating at the limit", async () => {
    const stream = deflatedZeros(1024 * MB);
    const bomb = lyingZip({ "xl/media/image1.bin": stream }, 1024);
    expect(bomb.length).toBeLessThan(8 * MB);
    const push = vi.spyOn(Inflate.prototype, "push");
    await expect(parse(bomb)).rejects.toThrow(TOO_BIG);
    // The deflate input fed before giving up: about a fifth of the stream (200 MB of 1 GB).
    const fed = push.mock.calls.reduce((sum, [chunk]) => sum + chunk.length, 0);
    expect(fed).toBeGreaterThan(0);
    expect(fed).toBeLessThan(stream.length / 4);
  }, 60_000);

  it("adds up many entries that each claim 1 KB", async () => {
    const oneMb = deflatedZeros(MB);
    const entries = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`xl/media/image${i}.bin`, oneMb]),
    );
    await expect(parse(lyingZip(entries, 1024))).rejects.toThrow(TOO_BIG);
  }, 60_000);

  it("counts directory entries that point at the same data once each", async () => {
    // One 1 MB stream in the file, 300 directory entries unpacking it: 300 MB for a directory reader.
    const bomb = overlappingZip(deflatedZeros(MB), 300, 1024);
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(parse(bomb)).rejects.toThrow(TOO_BIG);
  }, 60_000);

  it("still refuses honest sizes over the limit before inflating anything", async () => {
    const oneMb = deflatedZeros(MB);
    const entries = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`xl/media/image${i}.bin`, oneMb]),
    );
    const push = vi.spyOn(Inflate.prototype, "push");
    await expect(parse(lyingZip(entries, MB))).rejects.toThrow(
      "This Excel workbook unpacks to 300 MB, more than the 200 MB Sprog reads.",
    );
    expect(push).not.toHaveBeenCalled();
  });
});

describe("xlsx export: formula-looking text stays text", () => {
  it("writes such values as shared strings, never as formulas", async () => {
    const values = ['=HYPERLINK("https://evil.example","click")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3"];
    const [file] = await xlsxFormat.serialize(
      { en: values.map((value, i) => ({ key: `k${i}`, value })) },
      out,
    );
    if (file === undefined) throw new Error("no file");
    const files = unzipSync(file.bytes);
    const sheet = strFromU8(files["xl/worksheets/sheet1.xml"] ?? new Uint8Array());
    const shared = strFromU8(files["xl/sharedStrings.xml"] ?? new Uint8Array());
    expect(sheet).not.toMatch(/<f[ >]/);
    // Every cell of the value column is a shared-string reference (t="s").
    expect(sheet.match(/<c r="B\d+"[^>]*>/g)).toEqual(
      Array.from({ length: 5 }, (_, i) => expect.stringMatching(new RegExp(`^<c r="B${i + 1}".* t="s"`))),
    );
    expect(shared).toContain("=HYPERLINK(&quot;https://evil.example&quot;,&quot;click&quot;)");
    expect(shared).toContain("+cmd|&apos; /C calc&apos;!A0");
    const again = await parse(file.bytes);
    expect(again.languages.en?.map((entry) => entry.value)).toEqual(values);
  });
});
