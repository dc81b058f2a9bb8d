import { describe, expect, it } from "vitest";
import { aiFadeInMs } from "./fade-in.ts";

describe("AI cell fade-in (spec point 9)", () => {
  it("is 1500 ms plus 50 ms per word, at most 3500 ms", () => {
    expect(aiFadeInMs("")).toBe(1500);
    expect(aiFadeInMs("Hallo")).toBe(1550);
    expect(aiFadeInMs("Sie haben  {count} neue\nNachrichten")).toBe(1500 + 5 * 50);
    expect(aiFadeInMs(Array.from({ length: 40 }, () => "Wort").join(" "))).toBe(3500);
    expect(aiFadeInMs(Array.from({ length: 100 }, () => "Wort").join(" "))).toBe(3500);
  });
});
