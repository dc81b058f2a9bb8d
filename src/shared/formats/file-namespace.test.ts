import { describe, expect, it } from "vitest";
import { namespaceSchema } from "../schemas/namespace.ts";
import { keyInFile, namespacedPath, namespaceOfPath, qualifiedKey } from "./file-namespace.ts";

describe("namespaces of uploaded files (issue 33)", () => {
  it("names a file by its stem, without its extension and its language", () => {
    const cases: [string, string, string][] = [
      ["public/locales/de/common.json", "de", "common"],
      ["locales/de/auth.json", "de", "auth"],
      ["res/values-de/arrays.xml", "de", "arrays"],
      ["de.lproj/InfoPlist.strings", "de", "InfoPlist"],
      ["locale/de/LC_MESSAGES/djangojs.po", "de", "djangojs"],
      ["common.de.json", "de", "common"],
      ["admin_pt_BR.json", "pt-BR", "admin"],
      ["sign-in.json", "de", "sign-in"],
      ["user-profile.json", "fr", "user-profile"],
    ];
    for (const [path, language, namespace] of cases)
      expect([path, namespaceOfPath(path, language)]).toEqual([path, namespace]);
  });

  it("gives a format's one file the default namespace", () => {
    const cases: [string, string][] = [
      ["de.json", "de"],
      ["pt_BR.po", "pt-BR"],
      ["en-US.yml", "en"],
      ["res/values-de/strings.xml", "de"],
      ["de.lproj/Localizable.strings", "de"],
      ["de.lproj/Localizable.stringsdict", "de"],
      ["translations/messages.de.xlf", "de"],
      ["lib/l10n/app_de.arb", "de"],
      ["locales/de/translation.json", "de"],
      ["C:\\work\\de.json", "de"],
      ["..json", "de"],
    ];
    for (const [path, language] of cases) expect([path, namespaceOfPath(path, language)]).toEqual([path, ""]);
  });

  it("writes a namespace's file beside the language's one file", () => {
    expect(namespacedPath("de.json", "common", false)).toBe("de/common.json");
    expect(namespacedPath("values-de/strings.xml", "arrays", false)).toBe("values-de/arrays.xml");
    expect(namespacedPath("de.lproj/Localizable.strings", "InfoPlist", false)).toBe(
      "de.lproj/InfoPlist.strings",
    );
    expect(namespacedPath("translations.csv", "common", true)).toBe("common.csv");
    expect(namespacedPath("app_pt_BR.arb", "common", false)).toBe("common_pt_BR.arb");
    expect(namespacedPath("de.json", "", false)).toBe("de.json");
  });

  it("keeps a key taken by another namespace as namespace:key, and writes it back under its own name", () => {
    expect(qualifiedKey("auth", "title")).toBe("auth:title");
    expect(keyInFile("auth", "auth:title")).toBe("title");
    expect(keyInFile("auth", "common:title")).toBe("common:title");
    expect(keyInFile("", "auth:title")).toBe("auth:title");
  });

  it("refuses a namespace that would make a path", () => {
    for (const bad of ["a/b", "..", ".hidden", "a:b", "x".repeat(101), "tab\there"]) {
      expect(namespaceSchema.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ["", "common", "InfoPlist", "user-profile", "Ärger"]) {
      expect(namespaceSchema.safeParse(good).success, good).toBe(true);
    }
  });
});
