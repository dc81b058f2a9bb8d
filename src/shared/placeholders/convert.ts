import type { PlaceholderFormat } from "../schemas/projects.ts";
import { detectPlaceholders, isBlockKind, isPrintfKind, type Placeholder } from "./detect.ts";
import { type PrintfFamily, printfFamily, valueFamily } from "./identity.ts";

export interface ConvertOptions {
  /**
   * The text whose placeholder order numbers the positions, normally the source string when
   * converting a translation: "{b} dann {a}" for the source "{a} then {b}" becomes
   * "%2$s dann %1$s", not "%1$s dann %2$s". Defaults to the text itself.
   */
  reference?: string;
}

/**
 * Rewrites every placeholder of `text` into one of the project's output formats (spec point 9):
 * - web `{name}` (ICU; `{name, number}` for numbers coming from printf `%d`/`%f`);
 * - unified `[name]` (`[name:number]` / `[name:float]` when the type is known);
 * - ios `%@` for strings, `%lld` for integers (`{n, number}`, `%d`), `%f` for floats; the
 *   positional form `%1$@ %2$lld` as soon as the text (or reference) has more than one argument;
 * - android `%1$s`, `%1$d`, `%1$f`, always positional (Java has no `%@`, `%i`, `%u` or length
 *   modifiers, so those are mapped);
 * - lokalise `[%name$s]` for named arguments, `[%1$s]` for positional ones.
 * Named → positional: positions in order of first appearance (in `reference`), after any printf
 * positions already used. Positional → named: `%2$s` becomes `arg2` (and `arg2` maps back to
 * position 2), since a printf argument has no name.
 *
 * ICU plural/select blocks keep their ICU structure in every format (branches are how the
 * plural forms travel until an exporter splits them into stringsdict/`<plurals>` items): the
 * block header and `#` are left as they are, and only placeholders inside the branches are
 * converted. Printf flags, width and precision (`%.2f`) are kept when converting printf to printf.
 *
 * Percent signs: printf targets (ios, android) need a literal `%` written `%%`, so when the text
 * was not printf before, its lone `%` are doubled (an existing `%%` is taken as already
 * escaped, which keeps converting idempotent); converting printf text to web/unified turns `%%`
 * back into `%` where that cannot be read as a placeholder. ICU quoting of literal braces is not
 * added when converting to web.
 * `{name, number}` becomes an integer conversion: counts are the common case; use
 * `{name, float}` / `[name:float]` for decimals.
 */
export function convertPlaceholders(
  text: string,
  to: PlaceholderFormat,
  options: ConvertOptions = {},
): string {
  const placeholders = detectPlaceholders(text);
  const slots = leaves(placeholders);
  const referenceSlots =
    options.reference === undefined ? slots : leaves(detectPlaceholders(options.reference));
  const positions = assignPositions(referenceSlots, slots);
  const distinct = new Set(
    [...referenceSlots, ...slots].map((placeholder) => positionOf(placeholder, positions)),
  );
  // iOS keeps the short `%@` only for a single argument used once: `%@ %@` would mean two.
  const numbered = to !== "ios" || slots.length > 1 || distinct.size > 1 || !distinct.has(1);
  const context: Context = {
    to,
    positions,
    numbered,
    families: namedFamilies([...referenceSlots, ...slots]),
  };
  // Bracketed `[%1$s]` (Lokalise) does not make the rest of the text printf-escaped.
  const wasPrintf = slots.some((placeholder) => placeholder.kind === "printf");

  let result = "";
  let from = 0;
  for (const placeholder of slots) {
    result += literal(text.slice(from, placeholder.start), to, wasPrintf);
    result += render(placeholder, context);
    from = placeholder.end;
  }
  return result + literal(text.slice(from), to, wasPrintf);
}

interface Context {
  to: PlaceholderFormat;
  /** Name → position, for named arguments converted to printf. */
  positions: ReadonlyMap<string, number>;
  /** Name → value family, so every use of one named argument gets the same conversion. */
  families: ReadonlyMap<string, PrintfFamily>;
  /** Whether printf output spells positions (`%1$@`) or not (`%@`). */
  numbered: boolean;
}

/** The placeholders that get rewritten: not blocks (their header stays), not `#`. */
function leaves(placeholders: readonly Placeholder[]): Placeholder[] {
  return placeholders.filter(
    (placeholder) => !isBlockKind(placeholder.kind) && placeholder.kind !== "icu-pound",
  );
}

/** `arg3` ↔ position 3, so positional → named → positional round-trips. */
function argPosition(name: string | undefined): number | undefined {
  const match = /^arg([1-9]\d*)$/.exec(name ?? "");
  return match ? Number(match[1]) : undefined;
}

function assignPositions(
  reference: readonly Placeholder[],
  own: readonly Placeholder[],
): Map<string, number> {
  const all = [...reference, ...own];
  let last = 0;
  for (const placeholder of all) {
    const fixed = isPrintfKind(placeholder.kind) ? placeholder.index : argPosition(placeholder.name);
    if (fixed !== undefined) last = Math.max(last, fixed);
  }
  const positions = new Map<string, number>();
  for (const placeholder of all) {
    if (isPrintfKind(placeholder.kind)) continue;
    const name = placeholder.name ?? "";
    if (positions.has(name)) continue;
    positions.set(name, argPosition(name) ?? ++last);
  }
  return positions;
}

/** The first typed use of a name decides (`[n:number] … %{n}` → `%1$lld … %1$lld`). */
function namedFamilies(placeholders: readonly Placeholder[]): Map<string, PrintfFamily> {
  const families = new Map<string, PrintfFamily>();
  for (const placeholder of placeholders) {
    if (isPrintfKind(placeholder.kind)) continue;
    const name = placeholder.name ?? "";
    const family = valueFamily(placeholder);
    if (!families.has(name) || (families.get(name) === "string" && family !== "string"))
      families.set(name, family);
  }
  return families;
}

function positionOf(placeholder: Placeholder, positions: ReadonlyMap<string, number>): number {
  if (isPrintfKind(placeholder.kind)) return placeholder.index ?? 1;
  return positions.get(placeholder.name ?? "") ?? 1;
}

/** The printf text after `%` and before the conversion: flags, width, precision. */
function printfModifiers(placeholder: Placeholder): string {
  if (!isPrintfKind(placeholder.kind) && placeholder.kind !== "lokalise" && placeholder.kind !== "python")
    return "";
  const match = /%(?:[^%$]*\$|\([^)]*\))?([-+0#]*\d*(?:\.\d+)?)/.exec(placeholder.raw);
  return match?.[1] ?? "";
}

/** The conversion (with length modifier) a printf target should use. */
function conversion(
  placeholder: Placeholder,
  family: PrintfFamily,
  to: "ios" | "android" | "lokalise",
): string {
  const written =
    placeholder.type !== undefined &&
    /[A-Za-z@]$/.test(placeholder.type) &&
    printfFamily(placeholder.type) === family
      ? placeholder.type
      : undefined;
  const fromPrintf =
    isPrintfKind(placeholder.kind) || placeholder.kind === "lokalise" || placeholder.kind === "python";
  switch (family) {
    case "string":
      return to === "ios" ? "@" : "s";
    case "char":
      return to === "ios" && fromPrintf && written ? written : "c";
    case "float":
      return fromPrintf && written ? written.replace(/^[hlqztjL]+/, "") : "f";
    case "int": {
      if (to === "ios") return fromPrintf && written ? written : "lld";
      const letter = fromPrintf && written ? (written.at(-1) ?? "d") : "d";
      return letter === "x" || letter === "X" ? letter : "d";
    }
  }
}

function nameOf(placeholder: Placeholder): string {
  return isPrintfKind(placeholder.kind) ? `arg${placeholder.index ?? 1}` : (placeholder.name ?? "");
}

/** ICU types kept when going to web, and the unified `[name:type]` type for a placeholder. */
const ICU_WEB_TYPES = new Set(["number", "date", "time"]);

function declaredType(placeholder: Placeholder): string | undefined {
  const type = placeholder.type?.toLowerCase();
  if (placeholder.kind === "icu" || placeholder.kind === "bracket") return type;
  const family = valueFamily(placeholder);
  return family === "int" ? "number" : family === "float" ? "float" : undefined;
}

function render(placeholder: Placeholder, context: Context): string {
  const family = isPrintfKind(placeholder.kind)
    ? valueFamily(placeholder)
    : (context.families.get(placeholder.name ?? "") ?? valueFamily(placeholder));
  switch (context.to) {
    case "web": {
      if (placeholder.kind === "icu") return placeholder.raw;
      const type = declaredType(placeholder);
      const webType = type === "float" ? "number" : type;
      return webType !== undefined && ICU_WEB_TYPES.has(webType)
        ? `{${nameOf(placeholder)}, ${webType}}`
        : `{${nameOf(placeholder)}}`;
    }
    case "unified": {
      if (placeholder.kind === "bracket") return placeholder.raw;
      const type = declaredType(placeholder);
      return type !== undefined && /^\w+$/.test(type)
        ? `[${nameOf(placeholder)}:${type}]`
        : `[${nameOf(placeholder)}]`;
    }
    case "ios":
    case "android": {
      const position = positionOf(placeholder, context.positions);
      const numbered = context.to === "android" || context.numbered;
      return `%${numbered ? `${position}$` : ""}${printfModifiers(placeholder)}${conversion(placeholder, family, context.to)}`;
    }
    case "lokalise": {
      const position = isPrintfKind(placeholder.kind) ? placeholder.index : argPosition(placeholder.name);
      const head = position !== undefined ? `${position}` : (placeholder.name ?? "");
      return `[%${head}$${printfModifiers(placeholder)}${conversion(placeholder, family, "lokalise")}]`;
    }
  }
}

/** Escapes or unescapes `%` in the text between placeholders (see convertPlaceholders). */
function literal(segment: string, to: PlaceholderFormat, wasPrintf: boolean): string {
  // Pairs already doubled stay as they are, so converting twice doubles nothing twice.
  if ((to === "ios" || to === "android") && !wasPrintf) return segment.replace(/%%?/g, "%%");
  if ((to === "web" || to === "unified") && wasPrintf)
    return segment.replace(/%%(?=$|[\s.,;:!?)\]}"'»”])/g, "%");
  return segment;
}
