import { describe, expect, it } from "vitest";
import { keyCountOf, keysChangedBetween, releaseFileHash, textsOf } from "./release-files.ts";

const file = (language: string, json: unknown) => ({
  language,
  bytes: new TextEncoder().encode(typeof json === "string" ? json : JSON.stringify(json)),
});

describe("a release's files compared", () => {
  it("counts each key once, whichever languages it is in", () => {
    const texts = textsOf([file("en", { a: "A", b: "B" }), file("de", { a: "Ä", c: "C" })]);
    expect(keyCountOf(texts)).toBe(3);
  });

  it("counts keys added, removed or changed in any language since the release before", () => {
    const before = textsOf([file("en", { a: "A", b: "B", c: "C" }), file("de", { a: "Ä", b: "Be" })]);
    const after = textsOf([
      file("en", { a: "A", b: "B", d: "D" }), // c removed, d added
      file("de", { a: "Ä", b: "Bee" }), // b changed in German only
    ]);
    expect(keysChangedBetween(before, after)).toBe(3);
    expect(keysChangedBetween(after, after)).toBe(0);
  });

  it("takes a language only one release has as its keys added or removed; every key is new at first", () => {
    const en = file("en", { a: "A", b: "B" });
    expect(keysChangedBetween(textsOf([en]), textsOf([en, file("fr", { a: "À" })]))).toBe(1);
    expect(keysChangedBetween(new Map(), textsOf([en]))).toBe(2);
  });

  it("compares plural messages and other values by their JSON, and reads a file that is not JSON as empty", () => {
    const before = textsOf([file("en", { n: { one: "# item", other: "# items" } })]);
    const after = textsOf([file("en", { n: { one: "# item", other: "# things" } })]);
    expect(keysChangedBetween(before, after)).toBe(1);
    expect(keyCountOf(textsOf([file("en", "not json")]))).toBe(0);
  });

  it("names a file by the first 32 hex digits of its SHA-256", () => {
    expect(releaseFileHash(new TextEncoder().encode("{}\n"))).toMatch(/^[0-9a-f]{32}$/);
    // sha256("a") = ca978112ca1bbdcafac231b39a23dc4d a495de…
    expect(releaseFileHash(new TextEncoder().encode("a"))).toBe("ca978112ca1bbdcafac231b39a23dc4d");
  });
});
