import { describe, expect, it } from "vitest";
import { addLanguage, canRemoveLanguage, moveLanguage, removeLanguage } from "./language-order.ts";

describe("language list edits", () => {
  it("appends a new language and never duplicates", () => {
    expect(addLanguage(["en"], "de")).toEqual(["en", "de"]);
    expect(addLanguage(["en", "de"], "de")).toEqual(["en", "de"]);
  });

  it("removes only non-source languages while more than one remains", () => {
    expect(canRemoveLanguage(["en", "de"], "de", "en")).toBe(true);
    expect(canRemoveLanguage(["en", "de"], "en", "en")).toBe(false);
    expect(canRemoveLanguage(["de"], "de", "en")).toBe(false);
    expect(removeLanguage(["en", "de", "fr"], "de")).toEqual(["en", "fr"]);
  });

  it("moves up and down, staying put at the ends", () => {
    expect(moveLanguage(["en", "de", "fr"], "fr", -1)).toEqual(["en", "fr", "de"]);
    expect(moveLanguage(["en", "de", "fr"], "en", 1)).toEqual(["de", "en", "fr"]);
    expect(moveLanguage(["en", "de"], "en", -1)).toEqual(["en", "de"]);
    expect(moveLanguage(["en", "de"], "de", 1)).toEqual(["en", "de"]);
  });
});
