import Papa from "papaparse";
import { guessDelimiter, unescapeFormula, writeCsv } from "../formats/csv.ts";
import { decodeText } from "../formats/json-text.ts";
import { FormatError } from "../formats/types.ts";
import { canonicalLanguage } from "../languages.ts";
import {
  BOTH_FLAGS_MESSAGE,
  GLOSSARY_CSV_FIELDS,
  GLOSSARY_TERMS_MAX,
  PARTS_OF_SPEECH,
  type PartOfSpeech,
  TERM_DESCRIPTION_MAX,
  TERM_MAX,
  TERM_TRANSLATION_MAX,
} from "../schemas/glossary.ts";

/**
 * A glossary as a CSV file, for spreadsheets and other tools:
 *
 * ```csv
 * term,description,part_of_speech,case_sensitive,forbidden,do_not_translate,de,fr
 * Sign in,The button that opens a session,verb,false,false,false,Anmelden,Se connecter
 * ```
 *
 * The six field columns come first (in any order; only `term` is required), then one column per
 * language code. Writing quotes cells and escapes what a spreadsheet would run as formulas exactly
 * as the translations' CSV export does (formats/csv.ts `writeCsv`, `escapeFormula`), and reading
 * undoes it, so a term such as `=1+1` or `a;=b` reads back as written. A file with a mistake is
 * refused whole, naming the line.
 */

export { GLOSSARY_CSV_FIELDS };

/** A term as a CSV row holds it. */
export interface GlossaryCsvRow {
  term: string;
  description: string;
  partOfSpeech: PartOfSpeech | null;
  caseSensitive: boolean;
  forbidden: boolean;
  doNotTranslate: boolean;
  /** Only the languages with a non-empty cell. */
  translations: Record<string, string>;
}

/** A file the import refuses; `line` is the file's line (1 is the header), when one is to blame. */
export class GlossaryCsvError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `Line ${line}: ${message}`);
  }
}

const TRUE = new Set(["true", "yes", "y", "1", "x"]);
const FALSE = new Set(["false", "no", "n", "0", ""]);

function flag(cell: string, column: string, line: number): boolean {
  const value = cell.trim().toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new GlossaryCsvError(`“${cell}” in ${column} is not true or false`, line);
}

function partOfSpeech(cell: string, line: number): PartOfSpeech | null {
  const value = cell.trim().toLowerCase();
  if (value === "") return null;
  const known = PARTS_OF_SPEECH.find((part) => part === value || part.replace(" ", "_") === value);
  if (known) return known;
  throw new GlossaryCsvError(
    `“${cell}” is not a part of speech (use one of: ${PARTS_OF_SPEECH.join(", ")}, or leave it empty)`,
    line,
  );
}

function decode(bytes: Uint8Array): string {
  try {
    const text = decodeText(bytes, "CSV");
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    if (error instanceof FormatError) throw new GlossaryCsvError(error.message);
    throw error;
  }
}

/** The header's columns: the fields' indexes and the language columns (with their canonical codes). */
function readHeader(header: readonly string[]) {
  const fields = new Map<string, number>();
  const languages: { index: number; code: string }[] = [];
  header.forEach((raw, index) => {
    const name = raw.trim();
    const lower = name.toLowerCase().replace(/ /g, "_");
    if ((GLOSSARY_CSV_FIELDS as readonly string[]).includes(lower)) {
      if (fields.has(lower)) throw new GlossaryCsvError(`The column “${name}” appears twice`, 1);
      fields.set(lower, index);
      return;
    }
    const code = canonicalLanguage(name);
    if (code === undefined) {
      throw new GlossaryCsvError(
        `The column “${name || `number ${index + 1}`}” is neither a glossary field (${GLOSSARY_CSV_FIELDS.join(", ")}) nor a language code`,
        1,
      );
    }
    if (languages.some((language) => language.code === code))
      throw new GlossaryCsvError(`The language “${name}” has two columns`, 1);
    languages.push({ index, code });
  });
  if (!fields.has("term")) {
    throw new GlossaryCsvError(
      `The first line must be a header with a “term” column (for example: ${GLOSSARY_CSV_FIELDS.join(",")},de,fr)`,
      1,
    );
  }
  return { fields, languages };
}

function tooLong(text: string, max: number, what: string, line: number) {
  if (text.length > max)
    throw new GlossaryCsvError(`${what} is longer than ${max.toLocaleString("en")} characters`, line);
}

/** Reads a glossary CSV; throws GlossaryCsvError naming the first bad line. */
export function parseGlossaryCsv(bytes: Uint8Array): GlossaryCsvRow[] {
  const text = decode(bytes);
  if (text.trim() === "") throw new GlossaryCsvError("The file is empty");
  const result = Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    delimiter: guessDelimiter(text),
  });
  const quoteError = result.errors.find((error) => error.type === "Quotes");
  if (quoteError !== undefined) {
    throw new GlossaryCsvError(
      "A quoted cell is not closed; the file may be cut off",
      (quoteError.row ?? 0) + 1,
    );
  }
  const rows = result.data.map((row) => row.map(unescapeFormula));
  // Line numbers as a person counts them in the file: a quoted cell with a line break spans lines.
  const lines: number[] = [];
  let line = 1;
  for (const row of result.data) {
    lines.push(line);
    line += 1 + row.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  const { fields, languages } = readHeader(rows[0] ?? []);
  const cell = (row: readonly string[], name: string) => {
    const index = fields.get(name);
    return index === undefined ? "" : (row[index] ?? "");
  };
  const seen = new Map<string, number>();
  const out: GlossaryCsvRow[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r] ?? [];
    const at = lines[r] ?? r + 1;
    if (row.every((value) => value.trim() === "")) continue;
    const term = cell(row, "term").trim();
    if (term === "") throw new GlossaryCsvError("The term is empty", at);
    tooLong(term, TERM_MAX, "The term", at);
    const first = seen.get(term.toLowerCase());
    if (first !== undefined) throw new GlossaryCsvError(`“${term}” is already on line ${first}`, at);
    seen.set(term.toLowerCase(), at);
    const description = cell(row, "description").trim();
    tooLong(description, TERM_DESCRIPTION_MAX, "The description", at);
    const translations: Record<string, string> = {};
    for (const language of languages) {
      const value = (row[language.index] ?? "").trim();
      tooLong(value, TERM_TRANSLATION_MAX, `The ${language.code} translation`, at);
      if (value !== "") translations[language.code] = value;
    }
    const parsed: GlossaryCsvRow = {
      term,
      description,
      partOfSpeech: partOfSpeech(cell(row, "part_of_speech"), at),
      caseSensitive: flag(cell(row, "case_sensitive"), "case_sensitive", at),
      forbidden: flag(cell(row, "forbidden"), "forbidden", at),
      doNotTranslate: flag(cell(row, "do_not_translate"), "do_not_translate", at),
      translations,
    };
    if (parsed.forbidden && parsed.doNotTranslate) throw new GlossaryCsvError(BOTH_FLAGS_MESSAGE, at);
    out.push(parsed);
    if (out.length > GLOSSARY_TERMS_MAX) {
      throw new GlossaryCsvError(
        `A glossary can hold at most ${GLOSSARY_TERMS_MAX.toLocaleString("en")} terms`,
        at,
      );
    }
  }
  return out;
}

/** Writes terms as a glossary CSV: UTF-8 with a BOM and CRLF, like the translations' CSV export. */
export function serializeGlossaryCsv(terms: readonly GlossaryCsvRow[]): Uint8Array<ArrayBuffer> {
  const codes = [...new Set(terms.flatMap((term) => Object.keys(term.translations)))].sort();
  const header = [...GLOSSARY_CSV_FIELDS, ...codes];
  const rows = terms.map((term) => [
    term.term,
    term.description,
    term.partOfSpeech ?? "",
    String(term.caseSensitive),
    String(term.forbidden),
    String(term.doNotTranslate),
    ...codes.map((code) => term.translations[code] ?? ""),
  ]);
  return writeCsv(header, rows);
}
