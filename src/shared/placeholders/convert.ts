import type { PlaceholderFormat } from "../schemas/projects.ts";
import { detectPlaceholders, isPrintfKind, type Placeholder } from "./detect.ts";
import { type PrintfFamily, printfFamily, valueFamily } from "./identity.ts";
import { matchingSlots, type Scopes, type Slot, scopesOf } from "./scopes.ts";

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
 * - ios `%@` for strings, `%lld` for integers (`{n, number}`; a printf integer keeps its
 *   conversion, `%d` stays `%d`), `%f` for floats; the positional form `%1$@ %2$lld` as soon as
 *   the text (or reference) has more than one argument, its one argument is not the first, or
 *   the text spelled a position (`%1$s` → `%1$@`: a position written in the file is never
 *   dropped), decided per plural form (see below);
 * - android `%1$s`, `%1$d`, `%1$f`, always positional (Java has no `%@`, `%i`, `%u` or length
 *   modifiers, so those are mapped);
 * - lokalise `[%name$s]` for named arguments, `[%1$s]` for positional ones.
 *
 * Text already written for the printf target is returned as it is, byte for byte (issue 33,
 * "pull = export": an Android file pulled as `android`, a `.strings` file pulled as `ios`, must
 * come back as it was uploaded). That is the case when every placeholder of the text (outside
 * ICU block headers and `#`; percent text does not count) is a printf placeholder the target
 * reads, and no scope mixes positional and unnumbered ones; a text without any placeholder is
 * the target's too. Java (android): `%s %d %f %e %g %x %c` (and `E G X`), with `n$`, flags,
 * width and precision, but no `%@`, `%i`, `%u`, `%F` nor length modifier; unnumbered `%s`/`%d`
 * are valid Java, and a team's file chose them. NSString (ios): `%@ %d %i %u %x %f %e %g %c %s`
 * with length modifiers (`%ld %lld %lu`) and `n$`; iOS keeps `%1$@` with one argument, since a
 * translation that reorders arguments relies on the positions. A text whose placeholders are all
 * valid Java and include a `%s` is Java's, though (`%s` would be a C string to NSString, and an
 * NSString passed to it crashes), so for ios its `%s` still becomes `%@`; next to `%@` (`%@ (%s)`)
 * it is taken as the C string the iOS file meant. Any other text (a `{name}`, a `%@` for android,
 * `%ld`, `%s` mixed with `%1$s` in one form) is converted as a whole, as below.
 * Named → positional: positions in order of first appearance (in `reference`), after any printf
 * positions already used. Positional → named: `%2$s` becomes `arg2` (and `arg2` maps back to
 * position 2), since a printf argument has no name.
 *
 * ICU plural/select blocks keep their ICU structure in every format (branches are how the
 * plural forms travel until an exporter splits them into stringsdict/`<plurals>` items): the
 * block header and `#` are left as they are, and only placeholders inside the branches are
 * converted. Printf flags, width and precision (`%.2f`) are kept when converting printf to printf.
 * Each branch is a message of its own (an app formats the one form it picks with the arguments
 * it passes), so unnumbered printf arguments are counted per branch (`one {%lld file} other
 * {%lld files}` → android `%1$d` in both), the text outside any block being one more scope; a
 * translation's branch is compared with the reference's branch of the same selector, else its
 * `other` branch.
 * Named arguments keep one position in the whole message, and `{n}` inside a branch of the
 * `n` plural converts as a number, like `#`.
 *
 * Percent signs: printf targets (ios, android) need a literal `%` written `%%` in a format string,
 * so when a text that was not printf is converted to one (it had a `{name}`…), its lone `%` are
 * doubled (an existing `%%` is taken as already escaped, which keeps converting idempotent); a
 * text left as it is (above: already printf, or without placeholders, which an app shows
 * without formatting, where `%%` would show as two) keeps its `%` and `%%` as written.
 * Converting printf text to web/unified turns `%%` back into `%` where that cannot be read as a
 * placeholder. ICU quoting of literal braces is not added when converting to web.
 * Percent text is not a placeholder: an unnumbered printf conversion glued to an ASCII letter or
 * digit (`100%igen`, `50%s of`, `Save 10%d`) is left as text (see scopes.ts), so a text without
 * any other placeholder comes out unchanged in every format.
 * `{name, number}` becomes an integer conversion: counts are the common case; use
 * `{name, float}` / `[name:float]` for decimals.
 */
export function convertPlaceholders(
  text: string,
  to: PlaceholderFormat,
  options: ConvertOptions = {},
): string {
  const own = scopesOf(text, detectPlaceholders(text));
  if ((to === "ios" || to === "android") && isWrittenFor(own.slots, to)) return text;
  const reference =
    options.reference === undefined
      ? own
      : scopesOf(options.reference, detectPlaceholders(options.reference));
  const positions = assignPositions(reference.slots, own.slots);
  const context: Context = {
    to,
    positions,
    numbered: to === "ios" ? numberedScopes(own, reference, positions) : new Set(),
    families: namedFamilies([...reference.slots, ...own.slots]),
  };
  // Only a real printf placeholder makes the text printf-escaped: not a bracketed `[%1$s]`
  // (Lokalise), not percent text (`100%igen`).
  const wasPrintf = own.slots.some((slot) => slot.placeholder.kind === "printf");

  let result = "";
  let from = 0;
  for (const slot of own.slots) {
    result += literal(text.slice(from, slot.placeholder.start), to, wasPrintf);
    result += render(slot, context);
    from = slot.placeholder.end;
  }
  return result + literal(text.slice(from), to, wasPrintf);
}

interface Context {
  to: PlaceholderFormat;
  /** Name → position, for named arguments converted to printf. */
  positions: ReadonlyMap<string, number>;
  /** Name → value family, so every use of one named argument gets the same conversion. */
  families: ReadonlyMap<string, PrintfFamily>;
  /** The scopes whose iOS printf output spells positions (`%1$@`) rather than not (`%@`). */
  numbered: ReadonlySet<string>;
}

/**
 * iOS keeps the short `%@` only for a single argument used once (`%@ %@` would mean two), and
 * decides it form by form, against the reference's matching form: each form is formatted alone.
 */
function numberedScopes(own: Scopes, reference: Scopes, positions: ReadonlyMap<string, number>): Set<string> {
  const numbered = new Set<string>();
  for (const [scope, slots] of own.byScope) {
    const counterpart = matchingSlots(reference, slots[0]?.path ?? "");
    const distinct = new Set([...counterpart, ...slots].map((slot) => positionOf(slot, positions)));
    const spelled = slots.some((slot) => isPrintfKind(slot.placeholder.kind) && slot.placeholder.numbered);
    if (slots.length > 1 || distinct.size > 1 || !distinct.has(1) || spelled) numbered.add(scope);
  }
  return numbered;
}

/** Conversions (with length modifier) Java's Formatter reads, among those detection finds. */
const JAVA_CONVERSION = /^[sdfeEgGxXc]$/;
/** Conversions NSString's format reads: `%@`, C integers and floats with length modifiers. */
const NSSTRING_CONVERSION = /^(?:@|l?[sc]|(?:hh|h|ll|l|q|z|t|j)?[diuxXo]|[lL]?[fFeEgGaA])$/;

/**
 * Whether the text is already written for a printf target, so converting would only rewrite what
 * the file chose (see convertPlaceholders): every slot a printf placeholder the target reads, with
 * a position of 1 or more when spelled, and no scope (a plural form is formatted alone) mixing
 * spelled and unnumbered positions. No slot at all counts as written for it too.
 */
function isWrittenFor(slots: readonly Slot[], to: "ios" | "android"): boolean {
  const spelled = new Map<string, boolean>();
  for (const { placeholder, scope } of slots) {
    if (placeholder.kind !== "printf") return false;
    if (placeholder.numbered && (placeholder.index ?? 0) < 1) return false;
    const numbered = placeholder.numbered === true;
    if ((spelled.get(scope) ?? numbered) !== numbered) return false;
    spelled.set(scope, numbered);
  }
  const java = slots.every((slot) => JAVA_CONVERSION.test(slot.placeholder.type ?? ""));
  if (to === "android") return java;
  const javaString = java && slots.some((slot) => slot.placeholder.type === "s");
  return !javaString && slots.every((slot) => NSSTRING_CONVERSION.test(slot.placeholder.type ?? ""));
}

/** `arg3` ↔ position 3, so positional → named → positional round-trips. */
function argPosition(name: string | undefined): number | undefined {
  const match = /^arg([1-9]\d*)$/.exec(name ?? "");
  return match ? Number(match[1]) : undefined;
}

/**
 * Named arguments keep one position across the whole message, forms included: an app passes the
 * same arguments whichever form is picked. They come after every printf position of any form.
 */
function assignPositions(reference: readonly Slot[], own: readonly Slot[]): Map<string, number> {
  const all = [...reference, ...own];
  let last = 0;
  for (const slot of all) {
    const fixed = isPrintfKind(slot.placeholder.kind) ? slot.index : argPosition(slot.placeholder.name);
    if (fixed !== undefined) last = Math.max(last, fixed);
  }
  const positions = new Map<string, number>();
  for (const slot of all) {
    if (isPrintfKind(slot.placeholder.kind)) continue;
    const name = slot.placeholder.name ?? "";
    if (positions.has(name)) continue;
    positions.set(name, argPosition(name) ?? ++last);
  }
  return positions;
}

/** The first typed use of a name decides (`[n:number] … %{n}` → `%1$lld … %1$lld`). */
function namedFamilies(slots: readonly Slot[]): Map<string, PrintfFamily> {
  const families = new Map<string, PrintfFamily>();
  for (const slot of slots) {
    if (isPrintfKind(slot.placeholder.kind)) continue;
    const name = slot.placeholder.name ?? "";
    const written = valueFamily(slot.placeholder);
    const family = written === "string" && slot.count ? "int" : written;
    if (!families.has(name) || (families.get(name) === "string" && family !== "string"))
      families.set(name, family);
  }
  return families;
}

function positionOf(slot: Slot, positions: ReadonlyMap<string, number>): number {
  if (isPrintfKind(slot.placeholder.kind)) return slot.index ?? 1;
  return positions.get(slot.placeholder.name ?? "") ?? 1;
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

function nameOf(slot: Slot): string {
  return isPrintfKind(slot.placeholder.kind) ? `arg${slot.index ?? 1}` : (slot.placeholder.name ?? "");
}

/** ICU types kept when going to web, and the unified `[name:type]` type for a placeholder. */
const ICU_WEB_TYPES = new Set(["number", "date", "time"]);

function declaredType(placeholder: Placeholder): string | undefined {
  const type = placeholder.type?.toLowerCase();
  if (placeholder.kind === "icu" || placeholder.kind === "bracket") return type;
  const family = valueFamily(placeholder);
  return family === "int" ? "number" : family === "float" ? "float" : undefined;
}

function render(slot: Slot, context: Context): string {
  const { placeholder } = slot;
  const family = isPrintfKind(placeholder.kind)
    ? valueFamily(placeholder)
    : (context.families.get(placeholder.name ?? "") ?? valueFamily(placeholder));
  switch (context.to) {
    case "web": {
      if (placeholder.kind === "icu") return placeholder.raw;
      const type = declaredType(placeholder);
      const webType = type === "float" ? "number" : type;
      return webType !== undefined && ICU_WEB_TYPES.has(webType)
        ? `{${nameOf(slot)}, ${webType}}`
        : `{${nameOf(slot)}}`;
    }
    case "unified": {
      if (placeholder.kind === "bracket") return placeholder.raw;
      const type = declaredType(placeholder);
      return type !== undefined && /^\w+$/.test(type) ? `[${nameOf(slot)}:${type}]` : `[${nameOf(slot)}]`;
    }
    case "ios":
    case "android": {
      const position = positionOf(slot, context.positions);
      const numbered = context.to === "android" || context.numbered.has(slot.scope);
      return `%${numbered ? `${position}$` : ""}${printfModifiers(placeholder)}${conversion(placeholder, family, context.to)}`;
    }
    case "lokalise": {
      const position = isPrintfKind(placeholder.kind) ? slot.index : argPosition(placeholder.name);
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
