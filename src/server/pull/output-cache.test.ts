import { describe, expect, it } from "vitest";
import { OutputCache } from "./output-cache.ts";

const answer = (megabytes: number) => ({ bytes: new Uint8Array(megabytes * 1024 * 1024) });
const MB = 1024 * 1024;

describe("OutputCache", () => {
  it("holds at most its bytes, dropping the least recently used first", () => {
    const cache = new OutputCache<{ bytes: Uint8Array }>(32, 64 * MB);
    cache.set("a", answer(20));
    cache.set("b", answer(20));
    cache.set("c", answer(20));
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used
    cache.set("d", answer(20)); // 80 MB: the oldest unused (b) goes
    expect(cache.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => cache.get(key) !== undefined)).toEqual([true, true, true]);
  });

  it("keeps an answer of up to half its bytes (a 250,000-key file), not a bigger one", () => {
    const cache = new OutputCache<{ bytes: Uint8Array }>(32, 64 * MB);
    cache.set("big", answer(30));
    expect(cache.get("big")).toBeDefined();
    cache.set("huge", answer(33));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("big")).toBeDefined();
  });

  it("holds at most its count of answers", () => {
    const cache = new OutputCache<{ bytes: Uint8Array }>(2, 64 * MB);
    for (const key of ["a", "b", "c"]) cache.set(key, answer(0));
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toBeDefined();
  });
});
