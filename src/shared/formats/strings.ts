import { decodeFileText } from "./file-text.ts";
import { FORMAT_INFO } from "./format-info.ts";
import { entryToValue, icuToPlurals } from "./plurals.ts";
import {
  type FormatDefinition,
  FormatError,
  type FormatMeta,
  type OutputFile,
  type ParsedFile,
  type TranslationEntry,
} from "./types.ts";

const NAME = FORMAT_INFO.strings.label;

/**
 * Apple's `.strings` (the old-style property list "strings file" format): `"key" = "value";` pairs
 * with `/* … *\/` and `//` comments. A small tokenizer, as Foundation's own reader does it:
 * - keys and values are quoted (`"…"`, escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\a`…`\v`, octal
 *   `\101`, `\U00E9`; surrogate pairs as two `\U`) or unquoted (letters, digits and `_$/:.-`);
 * - `"key";` alone means the value is the key; an optional `{ … }` around the file is accepted;
 * - UTF-8, or UTF-16 LE/BE (with a BOM, or recognised by its zero bytes), as Xcode writes them.
 * The comment right above a pair (not separated by a blank line), or else one after it on the same
 * line, becomes its `comment`. The file's first comment, when a blank line parts it from what
 * follows (Xcode's `/* Localizable.strings … Created by … *\/`), is the file's header:
 * `fileMeta[language] = { headerComment: string }`. Empty values (`"x" = "";`) are values.
 * Placeholders (`%@`, `%1$@`, `%d`) are text and stay as they are. A value that is itself an ICU
 * plural message gets `meta: { icuPlural: true }`: Sprog stores plurals as ICU messages, so on
 * export it comes back as plural forms, and the flag says to write it as the text it was.
 *
 * Written back as UTF-8, `{lang}.lproj/Localizable.strings`, one file per language: the header,
 * then the pairs in the order given, each comment as the file had it (`meta.commentStyle: "line"`
 * for `//` lines, `meta.commentAfter` for one after the `;`), else as `/* … *\/` above its pair. Plural entries
 * are not written (they belong in `.stringsdict`), except those flagged `icuPlural`.
 */
export const stringsFormat: FormatDefinition = {
  id: "strings",
  label: FORMAT_INFO.strings.label,
  extensions: FORMAT_INFO.strings.extensions,
  async parse(bytes, options) {
    const text = decodeFileText(bytes, NAME);
    const { entries, duplicates, header } = parseStringsText(text);
    for (const entry of entries) {
      if (entry.value !== undefined && icuToPlurals(entry.value) !== undefined)
        entry.meta = { ...entry.meta, icuPlural: true };
    }
    const warnings: string[] = [];
    if (duplicates.length > 0) {
      warnings.push(
        `${duplicates.length} key${duplicates.length === 1 ? " appears" : "s appear"} more than once (the last value was kept): ${duplicates.slice(0, 5).join(", ")}${duplicates.length > 5 ? "…" : ""}`,
      );
    }
    const parsed: ParsedFile = { languages: { [options.language]: entries }, warnings };
    if (header !== undefined) parsed.fileMeta = { [options.language]: { headerComment: header } };
    return parsed;
  },
  async serialize(languages, options) {
    const files: OutputFile[] = [];
    for (const [language, entries] of Object.entries(languages)) {
      files.push({
        path: `${language}.lproj/Localizable.strings`,
        bytes: new TextEncoder().encode(writeStringsText(entries, options.fileMeta?.[language])),
      });
    }
    return files;
  },
};

function blockComment(text: string): string {
  return `/* ${text.replace(/\*\//g, "* /")} */`;
}

/** A comment as `//` lines: one per line of the text. */
function lineComment(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? "//" : `// ${line}`))
    .join("\n");
}

/** A pair with its comment where and as the file had it: above (or after the `;`), `/* *\/` or `//`. */
function pairWithComment(entry: TranslationEntry, pair: string): string {
  if (!entry.comment) return `${pair}\n`;
  const byLines = entry.meta?.commentStyle === "line";
  if (entry.meta?.commentAfter === true && !entry.comment.includes("\n")) {
    return `${pair} ${byLines ? lineComment(entry.comment) : blockComment(entry.comment)}\n`;
  }
  return `${byLines ? lineComment(entry.comment) : blockComment(entry.comment)}\n${pair}\n`;
}

export function writeStringsText(entries: readonly TranslationEntry[], fileMeta?: FormatMeta): string {
  const pairs = entries
    .filter((entry) => entry.value !== undefined || !entry.plurals || entry.meta?.icuPlural === true)
    .map((entry) => {
      const pair = `"${escapeStrings(entry.key)}" = "${escapeStrings(entryToValue(entry))}";`;
      return pairWithComment(entry, pair);
    });
  const header = fileMeta?.headerComment;
  // The blank line after the header is what parts it from the first pair's own comment.
  const top = typeof header === "string" && header.trim() !== "" ? `${blockComment(header)}\n\n` : "";
  return top + pairs.join("\n");
}

function escapeStrings(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are escaped as \U00XX
  return value.replace(/[\\"\n\t\r\u0000-\u001f]/g, (c) => {
    switch (c) {
      case "\\":
        return "\\\\";
      case '"':
        return '\\"';
      case "\n":
        return "\\n";
      case "\t":
        return "\\t";
      case "\r":
        return "\\r";
      default:
        return `\\U${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
    }
  });
}

const UNQUOTED = /[A-Za-z0-9_$/:.-]/;
/** At a line break: is the next line blank? */
const BLANK_LINE = /\n[ \t\r\f\v]*\n/y;
/** A comment after a pair's `;` on the same line. */
const TRAILING_COMMENT = /[ \t]*(?:\/\/([^\n]*)|\/\*([^\n]*?)\*\/)/y;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: "\u0007",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/** The pairs of a `.strings` text, in file order, duplicates resolved to their last value. */
export function parseStringsText(text: string): {
  entries: TranslationEntry[];
  duplicates: string[];
  /** The file's first comment when a blank line parts it from the pairs. */
  header?: string;
} {
  let i = 0;
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const fail = (message: string, at = i): never => {
    throw new FormatError(`${NAME}: ${message} (line ${lineAt(at)})`);
  };

  let pendingComment: string | undefined;
  let lastWasLineComment = false;
  let comments = 0;
  let pairs = 0;
  let header: string | undefined;
  /** Skips whitespace and comments; remembers the last comment not followed by a blank line. */
  const skipTrivia = () => {
    while (i < text.length) {
      const c = text[i] ?? "";
      if (c === "\n") {
        // A blank line between a comment and the next pair detaches the comment.
        BLANK_LINE.lastIndex = i;
        if (pendingComment !== undefined && BLANK_LINE.test(text)) {
          if (comments === 1 && pairs === 0) header = pendingComment;
          pendingComment = undefined;
        }
        i++;
      } else if (/\s/.test(c)) {
        i++;
      } else if (text.startsWith("/*", i)) {
        const end = text.indexOf("*/", i + 2);
        if (end < 0) fail("a /* comment is never closed");
        pendingComment = text.slice(i + 2, end).trim();
        lastWasLineComment = false;
        comments++;
        i = end + 2;
      } else if (text.startsWith("//", i)) {
        let end = text.indexOf("\n", i);
        if (end < 0) end = text.length;
        const line = text.slice(i + 2, end).trim();
        // Consecutive // lines form one comment.
        const continued = lastWasLineComment && pendingComment !== undefined;
        if (!continued) comments++;
        pendingComment = continued ? `${pendingComment}\n${line}` : line;
        lastWasLineComment = true;
        i = end;
      } else {
        return;
      }
    }
  };

  const readString = (what: string): string => {
    const start = i;
    if (text[i] === '"') {
      i++;
      let out = "";
      while (true) {
        if (i >= text.length) fail(`the ${what} that starts here is never closed with "`, start);
        const c = text[i] ?? "";
        if (c === '"') {
          i++;
          return out;
        }
        if (c !== "\\") {
          out += c;
          i++;
          continue;
        }
        const e = text[i + 1];
        if (e === undefined) fail(`the ${what} that starts here is never closed with "`, start);
        i += 2;
        if (e === "U") {
          const hex = /^[0-9a-fA-F]{1,4}/.exec(text.slice(i, i + 4))?.[0];
          if (!hex) fail("\\U must be followed by hexadecimal digits");
          out += String.fromCharCode(Number.parseInt(hex as string, 16));
          i += (hex as string).length;
        } else if (e !== undefined && /[0-7]/.test(e)) {
          const octal = /^[0-7]{1,3}/.exec(text.slice(i - 1, i + 2))?.[0] ?? e;
          out += String.fromCharCode(Number.parseInt(octal, 8) & 0xff);
          i += octal.length - 1;
        } else {
          out += SIMPLE_ESCAPES[e as string] ?? e;
        }
      }
    }
    let out = "";
    while (i < text.length && UNQUOTED.test(text[i] ?? "")) out += text[i++];
    if (out === "") {
      const found = text[i] === undefined ? "the end of the file" : `"${text[i]}"`;
      fail(`expected a quoted ${what}, found ${found}`);
    }
    return out;
  };

  const byKey = new Map<string, TranslationEntry>();
  const duplicates: string[] = [];
  skipTrivia();
  const braced = text[i] === "{";
  if (braced) {
    i++;
    pendingComment = undefined;
  }
  while (true) {
    skipTrivia();
    if (i >= text.length) {
      if (braced) fail("the { around the file is never closed");
      break;
    }
    if (braced && text[i] === "}") {
      i++;
      skipTrivia();
      if (i < text.length) fail("unexpected text after the closing }");
      break;
    }
    if (text.startsWith("<?xml", i) || text.startsWith("<plist", i)) {
      fail("this is an XML property list, not a text .strings file (convert it with plutil -convert xml1)");
    }
    const comment = pendingComment;
    const commentByLines = lastWasLineComment;
    pendingComment = undefined;
    pairs++;
    const key = readString("key");
    skipTrivia();
    let value = key;
    if (text[i] === "=") {
      i++;
      skipTrivia();
      value = readString("value");
      skipTrivia();
    }
    if (text[i] !== ";") {
      const found = text[i] === undefined ? "the end of the file" : `"${text[i]}"`;
      fail(`expected ; after the value of "${key.slice(0, 60)}", found ${found}`);
    }
    i++;
    pendingComment = undefined;
    // A comment after the ; on the same line is about this pair, not the next one.
    TRAILING_COMMENT.lastIndex = i;
    const trailing = TRAILING_COMMENT.exec(text);
    if (trailing) i += trailing[0].length;
    lastWasLineComment = false;
    if (byKey.has(key)) {
      duplicates.push(key);
      byKey.delete(key);
    }
    const entry: TranslationEntry = { key, value };
    const after = comment ? undefined : (trailing?.[1] ?? trailing?.[2])?.trim();
    const note = comment || after;
    if (note) {
      entry.comment = note;
      // How the file wrote it, so that it is written back so (issue 33).
      const style: FormatMeta = {};
      if (after ? trailing?.[1] !== undefined : commentByLines) style.commentStyle = "line";
      if (after) style.commentAfter = true;
      if (Object.keys(style).length > 0) entry.meta = style;
    }
    byKey.set(key, entry);
  }
  const entries = [...byKey.values()];
  return header === undefined ? { entries, duplicates } : { entries, duplicates, header };
}
