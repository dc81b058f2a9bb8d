import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../languages.ts";
import { formatForFileName, guessLanguage, sniffXliffVersion } from "./file-language.ts";

const catalogue = LANGUAGES.map((language) => language.code);

describe("guessLanguage", () => {
  it.each([
    ["de.json", "de"],
    ["DE.json", "de"],
    ["de-DE.json", "de"],
    ["en-US.yml", "en-US"],
    ["messages.de.json", "de"],
    ["app_de.arb", "de"],
    ["app_pt_BR.arb", "pt-BR"],
    ["app_zh_Hant.arb", "zh-Hant"],
    ["pt_BR.po", "pt-BR"],
    ["es-419.json", "es-419"],
    ["iw.json", "he"],
    ["src/lang/he-IL.json", "he"],
    ["src/lang/ja-JP.json", "ja"],
    ["res/values-de/strings.xml", "de"],
    ["res/values-de-rAT/strings.xml", "de-AT"],
    ["res/values-pt-rBR/strings.xml", "pt-BR"],
    ["res/values-b+sr+Latn/strings.xml", "sr-Latn"],
    ["res/values-iw/strings.xml", "he"],
    ["res/values-in/strings.xml", "id"],
    ["Loop/de.lproj/Localizable.strings", "de"],
    ["zh-Hans.lproj/Localizable.stringsdict", "zh-Hans"],
    ["locale/de/LC_MESSAGES/django.po", "de"],
    ["conf/locale/pt_BR/LC_MESSAGES/django.po", "pt-BR"],
    ["web/public/locales/ru/common.json", "ru"],
    ["C:\\project\\locales\\fr\\messages.json", "fr"],
    ["rails/locale/pl.yml", "pl"],
  ])("%s → %s", (name, expected) => {
    expect(guessLanguage(name, catalogue)).toBe(expected);
  });

  it.each([
    "strings.xml",
    "res/values/strings.xml",
    "res/values-night/colors.xml",
    "Base.lproj/Main.strings",
    "django.po",
    "translations.csv",
    "my_app.json",
    "common.json",
    "app.arb",
    "",
  ])("%s → no guess", (name) => {
    expect(guessLanguage(name, catalogue)).toBeUndefined();
  });

  it("only returns candidates, falling back to the base language", () => {
    expect(guessLanguage("en-US.json", ["en", "de"])).toBe("en");
    expect(guessLanguage("en-GB.json", ["en-GB", "en"])).toBe("en-GB");
    expect(guessLanguage("fr.json", ["en", "de"])).toBeUndefined();
    expect(guessLanguage("tlh.json", ["tlh"])).toBe("tlh");
  });

  it("prefers the file name over folders", () => {
    expect(guessLanguage("locales/de/fr.json", catalogue)).toBe("fr");
  });
});

describe("formatForFileName", () => {
  it.each([
    ["de.json", "json"],
    ["values-de/strings.xml", "xml"],
    ["Localizable.strings", "strings"],
    ["Localizable.stringsdict", "stringsdict"],
    ["django.po", "po"],
    ["django.pot", "po"],
    ["messages.de.xlf", "xliff"],
    ["messages.XLIFF", "xliff"],
    ["translations.csv", "csv"],
    ["translations.xlsx", "xlsx"],
    ["old.xls", "xlsx"],
    ["de.yml", "yaml"],
    ["de.yaml", "yaml"],
    ["app_de.arb", "arb"],
  ])("%s → %s", (name, expected) => {
    expect(formatForFileName(name)).toBe(expected);
  });

  it("knows no format for other names", () => {
    expect(formatForFileName("README")).toBeUndefined();
    expect(formatForFileName("image.png")).toBeUndefined();
    expect(formatForFileName("dir.json/file")).toBeUndefined();
  });
});

describe("sniffXliffVersion", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("reads the root element's version", () => {
    expect(
      sniffXliffVersion(
        bytes('<?xml version="1.0"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'),
      ),
    ).toBe("xliff");
    expect(
      sniffXliffVersion(
        bytes('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">'),
      ),
    ).toBe("xliff2");
    expect(sniffXliffVersion(bytes("<xliff version='2.1'>"))).toBe("xliff2");
    expect(sniffXliffVersion(bytes('<?xml version="1.0"?><resources/>'))).toBeUndefined();
  });
});
