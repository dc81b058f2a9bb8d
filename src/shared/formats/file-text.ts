import { FormatError } from "./types.ts";

/**
 * Bytes → text for the formats that read untrusted files with a declared or guessed encoding
 * (.strings, PO and the XML formats): UTF-8, or UTF-16 LE/BE by BOM or by its zero bytes, or the
 * charset the file declares; binary data is refused with a clear message.
 */

/** Reads `bytes` as text; `charset` is the encoding a file declares (XML declaration, PO header). */
export function decodeFileText(bytes: Uint8Array, formatName: string, charset?: string): string {
  if (bytes.length === 0) return "";
  let encoding = "utf-8";
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    start = 3;
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    if (bytes[2] === 0 && bytes[3] === 0)
      throw new FormatError(`${formatName}: UTF-32 files are not supported`);
    encoding = "utf-16le";
    start = 2;
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = "utf-16be";
    start = 2;
  } else if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) {
    encoding = "utf-16le"; // UTF-16 without a BOM: every other byte of ASCII text is zero
  } else if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) {
    encoding = "utf-16be";
  } else if (charset !== undefined && !/^(utf-?16|ucs-?2)/i.test(charset)) {
    // A declared UTF-16 without a BOM or zero bytes is a wrong declaration: read UTF-8.
    encoding = charset;
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new FormatError(`${formatName}: the file declares an unknown character set "${encoding}"`);
  }
  let text: string;
  try {
    text = decoder.decode(bytes.subarray(start));
  } catch {
    throw new FormatError(
      `${formatName}: the file is not valid ${encoding.toUpperCase()} text (is it a binary file?)`,
    );
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (looksBinary(text)) {
    throw new FormatError(`${formatName}: the file contains binary data, not text`);
  }
  return text;
}

/** NUL characters, or many other control characters, mean binary data (an image, a zip, a .mo file). */
function looksBinary(text: string): boolean {
  if (text.includes("\u0000")) return true;
  const sample = text.slice(0, 8192);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: counting control characters is the point
  const controls = sample.match(/[\u0001-\u0008\u000e-\u001f]/g)?.length ?? 0;
  return controls > 8 && controls > sample.length / 100;
}
