import { describe, expect, it } from "vitest";
import { GlossaryCsvError, parseGlossaryCsv, serializeGlossaryCsv } from "./csv.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const lineOf = (text: string) => {
  try {
    parseGlossaryCsv(bytes(text));
  } catch (error) {
    if (error instanceof GlossaryCsvError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error("parsed");
};

describe("glossary CSV", () => {
  it("reads the fields and one column per language, and writes them back the same", () => {
    const terms = parseGlossaryCsv(
      bytes(
        "term,description,part_of_speech,case_sensitive,forbidden,do_not_translate,de,pt_BR\r\n" +
          'Sign in,"The button, on top",verb,true,false,false,Anmelden,Entrar\r\n' +
          "Sprog,,proper noun,yes,no,1,,\r\n",
      ),
    );
    expect(terms).toEqual([
      {
        term: "Sign in",
        description: "The button, on top",
        partOfSpeech: "verb",
        caseSensitive: true,
        forbidden: false,
        doNotTranslate: false,
        translations: { de: "Anmelden", "pt-BR": "Entrar" },
      },
      {
        term: "Sprog",
        description: "",
        partOfSpeech: "proper noun",
        caseSensitive: true,
        forbidden: false,
        doNotTranslate: true,
        translations: {},
      },
    ]);
    expect(parseGlossaryCsv(serializeGlossaryCsv(terms))).toEqual(terms);
  });

  it("escapes formula cells on export and reads them back as written", () => {
    const row = {
      term: "=1+1",
      description: "@SUM(A1)",
      partOfSpeech: null,
      caseSensitive: false,
      forbidden: false,
      doNotTranslate: false,
      translations: { de: "-minus" },
    };
    const text = new TextDecoder().decode(serializeGlossaryCsv([row]));
    expect(text).toContain("'=1+1,'@SUM(A1)");
    expect(text).toContain(",'-minus");
    expect(parseGlossaryCsv(serializeGlossaryCsv([row]))).toEqual([row]);
  });

  it("quotes cells with `;` or tab and escapes formulas after them, like the translations' CSV (issue 32)", () => {
    const row = {
      term: "x;=1+1",
      description: "a\t@b",
      partOfSpeech: null,
      caseSensitive: false,
      forbidden: false,
      doNotTranslate: false,
      translations: { de: "a;'=b" },
    };
    const text = new TextDecoder().decode(serializeGlossaryCsv([row]));
    expect(text.split("\r\n")[1]).toBe(`"x;'=1+1","a\t'@b",,false,false,false,"a;''=b"`);
    expect(parseGlossaryCsv(serializeGlossaryCsv([row]))).toEqual([row]);
  });

  it("names the line of the first mistake", () => {
    expect(lineOf("term,de\nA,a\n,b\n")).toEqual({ line: 3, message: "Line 3: The term is empty" });
    expect(lineOf("term,forbidden\nA,maybe\n").line).toBe(2);
    expect(lineOf('term,description\nA,"two\nlines"\nA,dup\n')).toEqual({
      line: 4,
      message: "Line 4: “A” is already on line 2",
    });
    expect(lineOf("term,part_of_speech\nA,pronoun\n").line).toBe(2);
    expect(lineOf("term,colour\nA,red\n").line).toBe(1);
    expect(lineOf("description,de\nA,a\n").line).toBe(1);
    expect(lineOf("term,forbidden,do_not_translate\nA,true,true\n").line).toBe(2);
    expect(lineOf("").message).toBe("The file is empty");
  });
});
