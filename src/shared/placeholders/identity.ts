import { detectPlaceholders, type Placeholder } from "./detect.ts";

/** What a printf conversion formats; `%s` ≡ `%@`, `%d` ≡ `%i` ≡ `%lld`, `%f` ≡ `%.2f`. */
export type PrintfFamily = "string" | "int" | "float" | "char";

export function printfFamily(conversion: string): PrintfFamily {
  const letter = conversion.at(-1) ?? "";
  if ("dDiuUxXoO".includes(letter)) return "int";
  if ("fFeEgGaA".includes(letter)) return "float";
  if ("cC".includes(letter)) return "char";
  return "string";
}

/**
 * The value family of any placeholder, used when converting a named placeholder to printf
 * (`{n, number}` → `%lld` / `%1$d`). ICU `number` and unified `[n:number]` are treated as
 * integers (the common case: counts); `float`/`double`/`decimal` as floats; the rest as strings.
 */
export function valueFamily(placeholder: Placeholder): PrintfFamily {
  const type = placeholder.type?.toLowerCase();
  switch (placeholder.kind) {
    case "printf":
    case "bracket-printf":
    case "lokalise":
    case "python":
      return printfFamily(placeholder.type ?? "s");
    case "ruby":
      return placeholder.type ? printfFamily(placeholder.type) : "string";
    default:
      if (type === undefined) return "string";
      if (["number", "int", "integer", "long", "plural", "selectordinal"].includes(type)) return "int";
      if (["float", "double", "decimal"].includes(type)) return "float";
      return "string";
  }
}

/**
 * The identity two placeholders share when they mean the same argument, whatever the syntax:
 * - named kinds by name: `{count}` ≡ `[count]` ≡ `%{count}` ≡ `{{count}}` ≡ `[%count$s]` ≡ `#`
 *   inside a `count` plural (the type of a named argument is formatting, not identity);
 * - an ICU plural/select block is its own identity (`plural:x`), distinct from the plain `{x}`,
 *   so a translation that drops the plural but keeps `{x}` is flagged;
 * - printf kinds by argument position and value family: `%@` (first unnumbered) ≡ `%1$@` ≡
 *   `%1$s` ≡ `[%1$s]`, while `%1$d` differs (a wrong type crashes String(format:)).
 */
export function placeholderIdentity(placeholder: Placeholder): string {
  switch (placeholder.kind) {
    case "printf":
    case "bracket-printf":
      return `%${placeholder.index ?? 0}:${printfFamily(placeholder.type ?? "s")}`;
    case "icu-plural":
      return `${placeholder.type ?? "plural"}:${placeholder.name ?? ""}`;
    case "icu-select":
      return `select:${placeholder.name ?? ""}`;
    default:
      return `name:${placeholder.name ?? ""}`;
  }
}

/**
 * The placeholders of `text` keyed by identity, first occurrence kept. A set, as the spec says:
 * `{x} … {x}` and `{x}` have the same set.
 */
export function placeholderSet(text: string): Map<string, Placeholder> {
  const set = new Map<string, Placeholder>();
  for (const placeholder of detectPlaceholders(text)) {
    const identity = placeholderIdentity(placeholder);
    if (!set.has(identity)) set.set(identity, placeholder);
  }
  return set;
}
