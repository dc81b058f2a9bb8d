import { describe, expect, it } from "vitest";
import {
  canonicalLanguage,
  isKnownLanguage,
  isRtl,
  LANGUAGES,
  languageName,
  searchLanguages,
} from "./languages.ts";
import { languageCodeSchema } from "./schemas/projects.ts";

describe("LANGUAGES", () => {
  it("has about 90 entries with unique codes and names", () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(85);
    expect(LANGUAGES.length).toBeLessThanOrEqual(110);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGES.map((l) => l.name)).size).toBe(LANGUAGES.length);
  });

  it("every code matches the project language code schema", () => {
    for (const language of LANGUAGES) {
      expect(languageCodeSchema.safeParse(language.code).success, language.code).toBe(true);
      expect(language.name.trim()).toBe(language.name);
      expect(language.name.length).toBeGreaterThan(0);
    }
  });

  it.each([
    "en",
    "en-GB",
    "en-US",
    "de",
    "de-AT",
    "de-CH",
    "fr",
    "fr-CA",
    "es",
    "es-419",
    "es-MX",
    "pt",
    "pt-BR",
    "pt-PT",
    "zh-Hans",
    "zh-Hant",
    "zh-TW",
    "ar",
    "he",
    "ja",
    "ko",
    "ru",
    "uk",
    "pl",
    "nl",
    "sv",
    "da",
    "nb",
    "fi",
    "it",
    "tr",
    "cs",
    "el",
    "hu",
    "ro",
    "bg",
    "hr",
    "sk",
    "sl",
    "sr",
    "lt",
    "lv",
    "et",
    "hi",
    "bn",
    "th",
    "vi",
    "id",
    "ms",
    "fa",
    "ur",
    "sw",
    "ca",
    "eu",
    "gl",
    "is",
    "ga",
    "cy",
    "af",
    "am",
    "hy",
    "az",
    "be",
    "bs",
    "ka",
    "kk",
    "km",
    "lo",
    "mk",
    "mn",
    "mr",
    "ne",
    "pa",
    "si",
    "sq",
    "ta",
    "te",
    "tl",
    "uz",
    "zu",
  ])("contains %s", (code) => {
    expect(isKnownLanguage(code)).toBe(true);
  });

  it("does not contain legacy codes", () => {
    expect(isKnownLanguage("iw")).toBe(false);
    expect(isKnownLanguage("in")).toBe(false);
    expect(isKnownLanguage("EN")).toBe(false);
  });
});

describe("languageName", () => {
  it("names known codes in English and echoes unknown codes", () => {
    expect(languageName("de")).toBe("German");
    expect(languageName("pt-BR")).toBe("Portuguese (Brazil)");
    expect(languageName("zh-Hant")).toBe("Chinese (Traditional)");
    expect(languageName("xx")).toBe("xx");
  });
});

describe("canonicalLanguage", () => {
  it.each([
    ["en", "en"],
    ["EN", "en"],
    ["pt-br", "pt-BR"],
    ["pt_BR", "pt-BR"],
    ["PT_br", "pt-BR"],
    ["zh-hant", "zh-Hant"],
    ["zh_Hans", "zh-Hans"],
    ["es-419", "es-419"],
    ["iw", "he"],
    ["IW", "he"],
    ["in", "id"],
    ["no", "nb"],
    [" de-at ", "de-AT"],
  ])("%s → %s", (input, expected) => {
    expect(canonicalLanguage(input)).toBe(expected);
  });

  it.each(["", "xx", "en-NZ", "english", "iw-XX", "-"])("%j is unknown", (input) => {
    expect(canonicalLanguage(input)).toBeUndefined();
  });

  it("is the identity on every catalogue code", () => {
    for (const { code } of LANGUAGES) expect(canonicalLanguage(code)).toBe(code);
  });
});

describe("isRtl", () => {
  it.each(["ar", "he", "fa", "ur", "iw", "ar-EG", "ps"])("%s is right to left", (code) => {
    expect(isRtl(code)).toBe(true);
  });
  it.each(["en", "de", "zh-Hant", "ja", "arn", "her"])("%s is left to right", (code) => {
    expect(isRtl(code)).toBe(false);
  });
});

describe("searchLanguages", () => {
  it("matches name or code case-insensitively", () => {
    expect(searchLanguages("GERM").map((l) => l.code)).toEqual(["de", "de-AT", "de-CH"]);
    expect(searchLanguages("pt-br").map((l) => l.code)).toEqual(["pt-BR"]);
    expect(searchLanguages("brazil").map((l) => l.code)).toEqual(["pt-BR"]);
  });

  it("leaves out excluded codes", () => {
    expect(searchLanguages("german", ["de", "de-CH"]).map((l) => l.code)).toEqual(["de-AT"]);
  });

  it("returns every language not excluded, sorted by name, for an empty query", () => {
    const all = searchLanguages("  ", ["en"]);
    expect(all).toHaveLength(LANGUAGES.length - 1);
    expect(all.some((l) => l.code === "en")).toBe(false);
    const names = all.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("returns nothing for no match", () => {
    expect(searchLanguages("klingon")).toEqual([]);
  });
});
