import { describe, expect, it } from "vitest";
import { CHECK_IDS, CHECKS, checkIdSchema, failingChecks, runChecks } from "./checks.ts";
import { check, finding, ids } from "./test-helpers.ts";

describe("the checks module", () => {
  it("describes every check with a title, a sentence and a severity", () => {
    expect(Object.keys(CHECKS).sort()).toEqual([...CHECK_IDS].sort());
    for (const id of CHECK_IDS) {
      expect(CHECKS[id].title.length).toBeGreaterThan(2);
      expect(CHECKS[id].description).toMatch(/\.$/);
      expect(["error", "warning"]).toContain(CHECKS[id].severity);
    }
    expect(checkIdSchema.parse("numbers")).toBe("numbers");
    expect(checkIdSchema.safeParse("spelling").success).toBe(false);
  });

  it("finds nothing in an empty value: missing is not a quality problem", () => {
    expect(check("Hello {name}!", "")).toEqual([]);
    expect(
      failingChecks({ source: "Hello", value: "", sourceLanguage: "en", language: "de", maxLength: 0 }),
    ).toEqual([]);
  });

  it("finds nothing in a good translation", () => {
    expect(
      check("Delete {count} files from https://x.io?", "{count} Dateien von https://x.io löschen?"),
    ).toEqual([]);
  });

  it("runs only the checks that make sense alone on a source-language string", () => {
    const source = "Hello  {name}. {n, plural, one {# file}} {broken";
    expect(ids(undefined, source, "en", { maxLength: 5 })).toEqual([
      "double_space",
      "max_length",
      "icu_syntax",
    ]);
    // Comparing checks stay quiet without a source (whitespace, punctuation, placeholders…).
    expect(ids(undefined, " Hello {name}", "en")).toEqual([]);
    // A translation whose source text is empty gets the same treatment.
    expect(ids("", " Hallo {name}", "de")).toEqual([]);
  });

  it("returns findings in the order of CHECK_IDS and failing ids sorted", () => {
    const input = { source: "Hello {name}!", value: "Hallo  Welt", sourceLanguage: "en", language: "de" };
    expect(runChecks(input).map((f) => f.id)).toEqual(["placeholders", "double_space", "punctuation"]);
    expect(failingChecks(input)).toEqual(["double_space", "placeholders", "punctuation"]);
  });

  it("skips disabled checks, given as a list or a set", () => {
    const input = { source: "Hello {name}!", value: "Hallo  Welt", sourceLanguage: "en", language: "de" };
    expect(failingChecks(input, ["punctuation"])).toEqual(["double_space", "placeholders"]);
    expect(runChecks(input, new Set(["placeholders", "double_space"] as const)).map((f) => f.id)).toEqual([
      "punctuation",
    ]);
  });

  it("gives each finding the check's severity", () => {
    expect(finding("placeholders", "Hi {name}", "Hallo")?.severity).toBe("error");
    expect(finding("punctuation", "Hi.", "Hallo")?.severity).toBe("warning");
  });
});

describe("placeholders", () => {
  it("delegates to the placeholder engine, with its fix", () => {
    expect(finding("placeholders", "Hello {name}, {count} new", "Hallo %{name}, {total} neu")).toEqual({
      id: "placeholders",
      severity: "error",
      message: "Placeholders differ: missing “{count}”; not in the source: “{total}”",
      fix: "Hallo {name}, neu {count}",
    });
  });

  it("accepts the same placeholders in another syntax or order", () => {
    expect(ids("%1$@ of %2$@", "%2$@ von %1$@")).toEqual([]);
    expect(ids("Hi {name}", "Hallo %{name}")).toEqual([]);
  });
});

describe("max length", () => {
  it("counts characters as the editor does (an emoji is one)", () => {
    expect(finding("max_length", "Hi", "Hallo Welt, wie geht's?", "de", { maxLength: 20 })?.message).toBe(
      "Longer than 20 characters (23)",
    );
    expect(ids("Hi", "👋👋👋", "de", { maxLength: 3 })).toEqual([]);
    expect(ids("Hi", "Hallo", "de", { maxLength: null })).toEqual([]);
    expect(finding("max_length", undefined, "ab", "en", { maxLength: 1 })?.message).toBe(
      "Longer than 1 character (2)",
    );
  });
});

describe("same as source", () => {
  it("flags a copied text that has words", () => {
    expect(finding("same_as_source", "Save changes", "Save changes")?.message).toBe(
      "Same as the source text (not translated?)",
    );
    expect(ids("Save changes", " Save changes ")).toContain("same_as_source");
  });

  it("accepts texts that are only placeholders, URLs, e-mails, numbers or markup", () => {
    for (const text of ["{count}", "%1$@ / %2$@", "https://sprog.dev", "hi@sprog.dev", "42", "<br/>", "—"]) {
      expect(ids(text, text), text).toEqual([]);
    }
  });

  it("accepts names the glossary keeps untranslated, and regional variants of the source language", () => {
    const glossary = [
      {
        id: "1",
        term: "Sprog",
        caseSensitive: true,
        forbidden: false,
        doNotTranslate: true,
        translations: {},
      },
      {
        id: "2",
        term: "GitHub",
        caseSensitive: false,
        forbidden: false,
        doNotTranslate: true,
        translations: {},
      },
    ];
    expect(ids("Sprog GitHub", "Sprog GitHub", "de", { glossary })).toEqual([]);
    expect(ids("Sprog for GitHub", "Sprog for GitHub", "de", { glossary })).toEqual(["same_as_source"]);
    expect(ids("Colour settings", "Colour settings", "en-GB")).toEqual([]);
  });
});

describe("the placeholder fix and the final mark", () => {
  it("puts a missing placeholder before the final mark", () => {
    expect(finding("placeholders", "Hello {name}!", "Hallo!")?.fix).toBe("Hallo {name}!");
    expect(finding("placeholders", "Hello {name}", "Hallo.")?.fix).toBe("Hallo {name}.");
    // Without a final mark, or when quotes close after it, the engine's own fix.
    expect(finding("placeholders", "Hello {name}", "Hallo")?.fix).toBe("Hallo {name}");
    expect(finding("placeholders", 'Say "{word}."', "Sag „hallo.“")?.fix).toBe("Sag „hallo.“ {word}");
  });
});
