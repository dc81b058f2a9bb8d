import { describe, expect, it } from "vitest";
import type { ParsedFile } from "../../shared/formats/types.ts";
import { xliff1Format } from "../../shared/formats/xliff1.ts";
import { collectImport } from "./import-entries.ts";

const file = (languages: ParsedFile["languages"]): ParsedFile => ({ languages, warnings: [] });

describe("collectImport", () => {
  it("says a key skipped in several languages of one file once (issue 15 defect 11)", () => {
    const bad = `x${"\u0001"}y`;
    const collected = collectImport(
      file({ en: [{ key: bad, value: "A" }], de: [{ key: bad, value: "B" }] }),
      "xliff",
      "en",
    );
    expect(collected.warnings).toEqual([
      `Skipped key "${bad}": Key name must not contain control characters`,
    ]);
    expect(collected.keys).toEqual([]);
  });

  it("takes a region the catalogue lacks as its language, unless two columns would land on one", () => {
    const table = collectImport(
      file({ "en-US": [{ key: "a", value: "A" }], ja_JP: [{ key: "a", value: "エー" }] }),
      "csv",
      "en",
    );
    expect([...table.strings.keys()]).toEqual(["en-US", "ja"]);
    expect(table.warnings).toEqual(["Imported the strings of ja_JP as Japanese (ja): Sprog has no ja_JP"]);
    const two = collectImport(
      file({
        "xx-AA": [{ key: "a", value: "1" }],
        ja_JP: [{ key: "a", value: "2" }],
        ja_XX: [{ key: "a", value: "3" }],
      }),
      "csv",
      "en",
    );
    expect([...two.strings.keys()]).toEqual([]);
    expect(two.warnings).toEqual([
      "Skipped the strings of xx-AA: not a language Sprog knows",
      "Skipped the strings of ja_JP: not a language Sprog knows",
      "Skipped the strings of ja_XX: not a language Sprog knows",
    ]);
  });

  it("says one thing of a file whose language Sprog lacks: where its strings went (issue 33)", async () => {
    const xliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="ru-google" datatype="plaintext" original="x">
    <body><trans-unit id="a"><source>Hello</source><target>Привет</target></trans-unit></body>
  </file>
</xliff>`;
    const parsed = await xliff1Format.parse(new TextEncoder().encode(xliff), {
      language: "ru",
      sourceLanguage: "en",
    });
    const collected = collectImport(parsed, "xliff", "en");
    expect([...collected.strings.keys()]).toEqual(["en", "ru"]);
    expect(collected.warnings).toEqual([
      'The file says its translations are in "ru-google" (not ru), so they were read as ru-google',
      "Imported the strings of ru-google as Russian (ru): Sprog has no ru-google",
    ]);
  });

  it("keeps keys exactly as written and numeric XLIFF ids, but skips numeric keys elsewhere", () => {
    const parsed = file({
      en: [
        { key: " and ", value: " and " },
        { key: "7411707293150975401", value: "Hi" },
      ],
    });
    expect(collectImport(parsed, "xliff", "en").keys).toEqual([" and ", "7411707293150975401"]);
    const json = collectImport(parsed, "json", "en");
    expect(json.keys).toEqual([" and "]);
    expect(json.warnings).toEqual(['Skipped key "7411707293150975401": numeric-only keys are not imported']);
  });

  it("keeps a numeric msgid of a PO file: every msgid is a key (issue 33)", () => {
    const parsed = file({
      en: [
        { key: "0", value: "0" },
        { key: "42", value: "42" },
      ],
      de: [{ key: "0", value: "null" }],
    });
    const collected = collectImport(parsed, "po", "de");
    expect(collected.keys).toEqual(["0", "42"]);
    expect(collected.warnings).toEqual([]);
    expect(collected.strings.get("de")?.get("0")).toMatchObject({ value: "null" });
  });

  it("stores an empty string as a value, except where it means 'not translated' (PO, XLIFF)", () => {
    const parsed = file({ de: [{ key: "a", value: "" }] });
    expect(collectImport(parsed, "json", "en").strings.get("de")?.get("a")).toEqual({
      value: "",
      state: null,
    });
    expect(collectImport(parsed, "po", "en").strings.get("de")?.has("a")).toBe(false);
    expect(collectImport(parsed, "po", "en").keys).toEqual(["a"]);
  });

  it("lets the source language's description win over a translation's, which only fills gaps", () => {
    const collected = collectImport(
      file({
        de: [{ key: "a", value: "A", comment: "German note", tags: ["de"] }],
        en: [{ key: "a", value: "A", comment: "Source note" }],
      }),
      "strings",
      "en",
    );
    expect(collected.keyMeta.get("a")).toMatchObject({
      description: "Source note",
      tags: ["de"],
      fromSource: true,
    });
  });
});
