import { detectPlaceholders, isBlockKind, isPrintfKind, type Placeholder } from "./detect.ts";
import { placeholderIdentity, placeholderSet } from "./identity.ts";

/**
 * The translation rewritten so its placeholder set equals the source's ("Fix placeholders"):
 * 1. a placeholder the source also has but written in another syntax (`%{count}` or `[count]`
 *    for the source's `{count}`, `[%1$s]` for `%1$s`) is rewritten to the source's syntax;
 * 2. placeholders the source does not have are removed (with the space they leave doubled);
 * 3. placeholders of the source still missing are appended at the end, each after a space, as
 *    written in the source (an unnumbered printf gets its position, `%2$@`, when appending it
 *    unnumbered would make it consume another argument).
 * Dropping an unnumbered printf shifts the positions of the following ones, so steps 2–3 repeat
 * until the sets match. The result always matches the source and fixing it again changes
 * nothing (a matching translation is only touched by step 1, which is stable).
 */
export function fixPlaceholders(source: string, translation: string): string {
  const expected = placeholderSet(source);
  const sourcePlaceholders = detectPlaceholders(source);
  let text = rewriteSyntax(sourcePlaceholders, expected, translation);
  for (let round = 0; round < 4; round++) {
    if (sameKeys(expected, placeholderSet(text))) return text;
    text = appendMissing(sourcePlaceholders, expected, dropExtras(expected, text));
  }
  if (sameKeys(expected, placeholderSet(text))) return text;
  // Pathological input (removals that keep creating new placeholders): keep only the words.
  const words = stripAll(text);
  const appended = appendMissing(sourcePlaceholders, expected, words);
  if (sameKeys(expected, placeholderSet(appended))) return appended;
  // A mark that opens no placeholder of its own (`{ ß.`) swallows what is appended after it:
  // without such marks the words stay, and the placeholders are found again.
  return appendMissing(sourcePlaceholders, expected, words.replace(/[{}[\]<>%$]/g, ""));
}

function sameKeys(a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a.keys()) if (!b.has(key)) return false;
  return true;
}

/** Kinds that are not plain slots: a block spans text, `#` only means something in a plural. */
function isRewritable(placeholder: Placeholder): boolean {
  return !isBlockKind(placeholder.kind) && placeholder.kind !== "icu-pound";
}

function rewriteSyntax(
  sourcePlaceholders: readonly Placeholder[],
  expected: ReadonlyMap<string, Placeholder>,
  text: string,
): string {
  const byIdentity = new Map<string, Placeholder[]>();
  for (const placeholder of sourcePlaceholders) {
    const identity = placeholderIdentity(placeholder);
    byIdentity.set(identity, [...(byIdentity.get(identity) ?? []), placeholder]);
  }
  const edits: { start: number; end: number; text: string }[] = [];
  for (const placeholder of detectPlaceholders(text)) {
    if (!isRewritable(placeholder)) continue;
    const identity = placeholderIdentity(placeholder);
    const candidates = (byIdentity.get(identity) ?? []).filter(isRewritable);
    const target = candidates[0];
    if (target === undefined || !expected.has(identity)) continue;
    if (candidates.some((candidate) => candidate.kind === placeholder.kind)) continue;
    // Rewriting `%2$s` to an unnumbered form would change which argument it takes.
    if (isPrintfKind(placeholder.kind) && placeholder.numbered !== target.numbered) continue;
    edits.push({ start: placeholder.start, end: placeholder.end, text: target.raw });
  }
  return applyEdits(text, edits);
}

function dropExtras(expected: ReadonlyMap<string, Placeholder>, text: string): string {
  const edits: { start: number; end: number; text: string }[] = [];
  let removedUntil = -1;
  for (const placeholder of detectPlaceholders(text)) {
    if (placeholder.start < removedUntil) continue; // inside a block already removed
    if (expected.has(placeholderIdentity(placeholder))) continue;
    edits.push({ start: placeholder.start, end: placeholder.end, text: "" });
    removedUntil = placeholder.end;
  }
  return applyEdits(text, edits);
}

function stripAll(text: string): string {
  const edits: { start: number; end: number; text: string }[] = [];
  let removedUntil = -1;
  for (const placeholder of detectPlaceholders(text)) {
    if (placeholder.start < removedUntil) continue;
    edits.push({ start: placeholder.start, end: placeholder.end, text: "" });
    removedUntil = placeholder.end;
  }
  return applyEdits(text, edits);
}

function appendMissing(
  sourcePlaceholders: readonly Placeholder[],
  expected: ReadonlyMap<string, Placeholder>,
  text: string,
): string {
  const current = detectPlaceholders(text);
  const present = new Set(current.map(placeholderIdentity));
  let unnumbered = current.filter((placeholder) => placeholder.numbered === false).length;
  let result = text;
  for (const [identity, first] of expected) {
    if (present.has(identity)) continue;
    const placeholder =
      sourcePlaceholders.find((p) => placeholderIdentity(p) === identity && p.kind !== "icu-pound") ?? first;
    let raw = placeholder.raw;
    if (placeholder.kind === "icu-pound") {
      raw = `{${placeholder.name ?? ""}}`; // `#` outside its plural is plain text
    } else if (placeholder.numbered === false) {
      if (placeholder.index === unnumbered + 1) unnumbered++;
      else raw = withPosition(placeholder);
    }
    result = result === "" || /\s$/.test(result) ? result + raw : `${result} ${raw}`;
  }
  return result;
}

/** `%@` → `%2$@`, `[%s]` → `[%2$s]`. */
function withPosition(placeholder: Placeholder): string {
  const at = placeholder.raw.indexOf("%") + 1;
  return `${placeholder.raw.slice(0, at)}${placeholder.index ?? 1}$${placeholder.raw.slice(at)}`;
}

/**
 * Applies non-overlapping edits. An emptied span takes one neighbouring space with it when it
 * would otherwise leave a double space, or a space before punctuation or the end.
 */
function applyEdits(text: string, edits: readonly { start: number; end: number; text: string }[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    let { start, end } = edit;
    if (edit.text === "") {
      const before = result[start - 1];
      const after = result[end];
      if (before === " " && (after === undefined || after === " " || /[.,;:!?)\]]/.test(after))) start--;
      else if (start === 0 && after === " ") end++;
    }
    result = result.slice(0, start) + edit.text + result.slice(end);
  }
  return result;
}
