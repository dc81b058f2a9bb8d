// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createKeyRegistry, encodeMarker, hasMarker, readMarkers } from "./markers.ts";

describe("invisible markers", () => {
  it("round-trips numbers of one and several bytes", () => {
    for (const id of [0, 1, 200, 255, 256, 70_000, 2 ** 31]) {
      const marked = `Welcome${encodeMarker(id)}`;
      expect(readMarkers(marked)).toEqual({ text: "Welcome", ids: [id] });
    }
  });

  it("is made of zero-width characters only", () => {
    expect(encodeMarker(300)).toMatch(/^[\u200C\u200D]+$/);
    expect(encodeMarker(300)).toHaveLength(18);
  });

  it("reads markers side by side, inside a text and after an empty one", () => {
    const text = `Hello ${"Ana"}${encodeMarker(3)}, you have ${""}${encodeMarker(4)}${encodeMarker(999)} items`;
    expect(readMarkers(text)).toEqual({ text: "Hello Ana, you have  items", ids: [3, 4, 999] });
  });

  it("leaves text without markers alone, a ZWJ emoji and a Persian ZWNJ included", () => {
    const text = "👩‍💻 می‌خواهم";
    expect(hasMarker(text)).toBe(false);
    expect(readMarkers(text)).toEqual({ text, ids: [] });
  });

  it("keeps the text's own zero-width character just before a marker", () => {
    const text = `می\u200C${encodeMarker(7)}`;
    expect(readMarkers(text)).toEqual({ text: "می\u200C", ids: [7] });
  });

  it("numbers each key once per namespace", () => {
    const keys = createKeyRegistry();
    const title = keys.id("translation", "home.title");
    expect(keys.id("translation", "home.title")).toBe(title);
    const other = keys.id("common", "home.title");
    expect(other).not.toBe(title);
    expect(keys.key(other)).toEqual({ key: "home.title", namespace: "common" });
    expect(keys.key(99)).toBeUndefined();
  });
});
