import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipFiles } from "./zip.ts";

describe("zipFiles", () => {
  it("gives back every file byte for byte, names with non-ASCII letters and empty files too", () => {
    const encoder = new TextEncoder();
    const files = [
      { path: "de.json", bytes: encoder.encode('{"greeting":"Grüß dich, {name}"}') },
      { path: "values-b+sr+Latn/strings.xml", bytes: encoder.encode("<resources/>".repeat(5000)) },
      { path: "språk/nb.json", bytes: encoder.encode("{}") },
      { path: "empty.strings", bytes: new Uint8Array() },
    ];
    const unzipped = unzipSync(zipFiles(files));
    expect(Object.keys(unzipped)).toEqual(files.map((file) => file.path));
    for (const file of files) expect(unzipped[file.path]).toEqual(file.bytes);
  });

  it("compresses", () => {
    const bytes = new TextEncoder().encode('"key": "value",\n'.repeat(10_000));
    expect(zipFiles([{ path: "en.json", bytes }]).length).toBeLessThan(bytes.length / 20);
  });
});
