import { describe, expect, it } from "vitest";
import { finding, ids } from "./test-helpers.ts";

describe("whitespace", () => {
  it("flags leading and trailing white space that differs, and copies the source's", () => {
    expect(finding("whitespace", " Hello ", "Hallo")).toMatchObject({
      message:
        "Starts with nothing where the source starts with a space; ends with nothing where the source ends with a space",
      fix: " Hallo ",
    });
    expect(finding("whitespace", "Name:", "Name: \n")).toMatchObject({
      message: "Ends with a line break and a space where the source ends with nothing",
      fix: "Name:",
    });
    expect(finding("whitespace", "\tIndented", "  Eingerückt")?.fix).toBe("\tEingerückt");
  });

  it("treats any kind of space alike and ignores white-space-only values", () => {
    expect(ids("Total: ", "Total :\u00a0", "fr")).toEqual([]);
    expect(ids("Line\r\n", "Zeile\n")).toEqual([]);
    expect(ids("Hello", " ")).not.toContain("whitespace");
  });

  it("CJK may drop the space after full-width punctuation", () => {
    expect(ids("Name: ", "名前：", "ja")).toEqual([]);
    expect(ids("Name: ", "名称：", "zh-Hans")).toEqual([]);
    expect(ids("Name: ", "Vorname:", "de")).toEqual(["whitespace"]);
  });
});

describe("double spaces", () => {
  it("flags two spaces in a row the source does not have, and collapses them", () => {
    expect(finding("double_space", "Save all", "Alle  speichern")).toMatchObject({
      message: "Has two spaces in a row",
      fix: "Alle speichern",
    });
    expect(finding("double_space", "a b c", "a   b  c")?.fix).toBe("a b c");
    expect(ids("Save  all", "Alle  speichern")).toEqual([]);
  });

  it("ignores the ends (the whitespace check's) and never touches a placeholder", () => {
    expect(ids("  Indented", "  Eingerückt")).toEqual([]);
    expect(ids("Hi {{ name }}", "Hallo {{  name }}")).toEqual([]);
    expect(finding("double_space", "Hi {{ name }} now", "Hallo  {{  name }}  jetzt")?.fix).toBe(
      "Hallo {{  name }} jetzt",
    );
  });

  it("checks a source-language text on its own", () => {
    expect(finding("double_space", undefined, "Hello  world", "en")?.fix).toBe("Hello world");
  });
});

describe("newlines", () => {
  it("flags a different number of line breaks inside the text", () => {
    expect(finding("newlines", "Line 1\nLine 2", "Zeile 1 Zeile 2")).toEqual({
      id: "newlines",
      severity: "warning",
      message: "Has no line breaks where the source has 1 line break",
    });
    expect(ids("One\\nTwo", "Eins\\nZwei")).toEqual([]);
    expect(ids("One\nTwo", "Eins\\nZwei")).toEqual([]);
    expect(ids("Text\n", "Texte")).toEqual(["whitespace"]); // the ends are not counted twice
  });

  it("joins lines only when the source is one line", () => {
    expect(finding("newlines", "One line", "Eine \n Zeile")?.fix).toBe("Eine Zeile");
    expect(finding("newlines", "One line", "一行\n文字", "ja")?.fix).toBe("一行文字");
    expect(finding("newlines", "A\nB", "A\nB\nC")?.fix).toBeUndefined();
  });
});

describe("markup", () => {
  it("compares the tags as a multiset (order may change with the words)", () => {
    expect(ids("<b>Bold</b> and <i>italic</i>", "<i>Kursiv</i> und <b>fett</b>")).toEqual([]);
    expect(ids("Line<br>break", "Zeilen<br />umbruch")).toEqual([]);
    expect(finding("markup", "<b>Bold</b> text", "<b>Fetter Text")).toEqual({
      id: "markup",
      severity: "error",
      message: "Markup differs: missing “</b>”",
    });
    expect(finding("markup", 'Read <a href="/x">this</a>', "Lies <strong>das</strong>")?.message).toBe(
      "Markup differs: missing “<a>”, “</a>”; not in the source: “<strong>”, “</strong>”",
    );
  });

  it("does not read comparisons or Ruby placeholders as tags", () => {
    expect(ids("a < b > c", "a < b > c", "de")).not.toContain("markup");
    expect(ids("%<count>d items", "%<count>d Elemente")).toEqual([]);
    expect(ids('<xliff:g id="n">%s</xliff:g> left', 'noch <xliff:g id="n">%s</xliff:g>')).toEqual([]);
  });
});

describe("URLs and e-mail addresses", () => {
  it("requires the source's URLs unchanged, trailing punctuation aside", () => {
    expect(ids("See https://sprog.dev/docs.", "Siehe https://sprog.dev/docs.")).toEqual([]);
    expect(ids("Visit www.sprog.dev!", "Besuche www.sprog.dev!")).toEqual([]);
    expect(finding("urls", "See https://sprog.dev/docs", "Siehe https://sprog.dev/de/docs")?.message).toBe(
      "URLs differ: missing “https://sprog.dev/docs”; not in the source: “https://sprog.dev/de/docs”",
    );
    expect(ids("Open the docs", "Öffne https://sprog.dev")).toContain("urls");
  });

  it("requires the source's e-mail addresses unchanged", () => {
    expect(ids("Write to help@sprog.dev.", "Schreib an help@sprog.dev.")).toEqual([]);
    expect(finding("emails", "Write to help@sprog.dev", "Schreib an hilfe@sprog.dev")?.message).toBe(
      "E-mail addresses differ: missing “help@sprog.dev”; not in the source: “hilfe@sprog.dev”",
    );
    // iOS placeholders are not addresses.
    expect(ids("%@ of %@", "%@ von %@")).toEqual([]);
  });
});
