/**
 * What Android's resource compiler (aapt2) refuses in a file Sprog writes from another format's
 * keys and texts (issue 33: every Android export must compile). A key of a JSON or XLIFF project
 * may be any text (`Choose a time`, `3kU-n2-fha.title`); a text may hold several `%s`.
 */

/**
 * The key a resource written under another name stands for (`<string name="API_Key"
 * tools:key="API Key">`): aapt2 ignores the tools namespace, and Sprog reads the file back under
 * the key it came from, so an exported file imported again changes nothing.
 */
export const KEY_ATTRIBUTE = "tools:key";

/** aapt2's entry names: a letter or `_` first, then letters, digits, `_`, `.` and `-`. */
const VALID_NAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u;

/** Whether aapt2 takes the name as it is. */
export function validAndroidName(name: string): boolean {
  return VALID_NAME.test(name);
}

/**
 * The resource name a key is written as: itself when aapt2 takes it, else every character it does
 * not take as `_`, with `_` before a first character that cannot start a name, and `_2`, `_3`…
 * after it where that name is `taken` (the file's other names; the one given is added).
 */
export function androidResourceName(key: string, taken: Set<string>): string {
  if (validAndroidName(key)) return key;
  let name = [...key].map((character) => (/[\p{L}\p{N}_.-]/u.test(character) ? character : "_")).join("");
  if (!/^[\p{L}_]/u.test(name)) name = `_${name}`;
  if (taken.has(name)) {
    let n = 2;
    while (taken.has(`${name}_${n}`)) n++;
    name = `${name}_${n}`;
  }
  taken.add(name);
  return name;
}

/**
 * Whether aapt2 takes the text of a `<string>` as a format string: not when it has several
 * arguments and one of them is not positional (`%s and %s`, `%d%% of %s`), since a translation may
 * reorder them. aapt2's own check (VerifyJavaStringFormat), on the text as the file means it.
 */
export function aaptAcceptsFormat(text: string): boolean {
  let args = 0;
  let nonPositional = false;
  let i = 0;
  while (i < text.length) {
    if (text[i] === "%" && i + 1 < text.length) {
      i++;
      if (text[i] === "%" || text[i] === "n") {
        i++;
        continue;
      }
      args++;
      const digits = /^\d+/.exec(text.slice(i))?.[0].length ?? 0;
      if (digits > 0) {
        i += digits;
        if (i < text.length && text[i] !== "$") nonPositional = true;
      } else if (text[i] === "<") {
        nonPositional = true;
        i++;
        if (i < text.length && text[i] === "$") i++;
      } else {
        nonPositional = true;
      }
      while (i < text.length && /[-#+ ,(0-9]/.test(text[i] ?? "")) i++;
      // A Time.format() pattern, not String.format(): aapt2 checks no further.
      if (i < text.length && "DFKMWZkmwyz".includes(text[i] ?? "")) return true;
    }
    if (i < text.length) i++;
  }
  return !(args > 1 && nonPositional);
}
