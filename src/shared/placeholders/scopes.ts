import { isBlockKind, isPrintfKind, type Placeholder } from "./detect.ts";

/**
 * Where conversion counts printf arguments. Each branch of a plural/select block is formatted as
 * a message of its own (an Android `<plurals>` item, a `.stringsdict` form), so it numbers its
 * unnumbered printf arguments from 1 on its own; the text outside any block is one more scope.
 */

/** A placeholder that conversion rewrites. */
export interface Slot {
  placeholder: Placeholder;
  /** printf argument position: spelled (`%2$s`), or counted within the scope (`%s`). */
  index?: number;
  /** The scope it is numbered in: block offsets and selectors, "" outside any block. */
  scope: string;
  /** The same scope by block names and selectors, to find it again in another text. */
  path: string;
  /** `{n}` inside a branch of `{n, plural, …}` is the count, a number, like `#`. */
  count: boolean;
}

export interface Scopes {
  /** The slots in text order. */
  slots: Slot[];
  /** Scope → its slots. */
  byScope: Map<string, Slot[]>;
  /** Path → its slots (sibling blocks over the same argument share a path). */
  byPath: Map<string, Slot[]>;
  /** Every path, and each of its prefixes, that a branch of this text has. */
  paths: Set<string>;
}

/** Between the steps of a scope or path, and between a block's name and selector in a path. */
const SEPARATOR = "\u0000";
const NAME_END = "\u0001";

/**
 * The slots of a detected text: placeholders that are not blocks (their header stays) nor `#`,
 * and not printf-shaped percent text (see `isPercentText`).
 */
export function scopesOf(text: string, placeholders: readonly Placeholder[]): Scopes {
  const blocks = placeholders.filter((placeholder) => isBlockKind(placeholder.kind));
  const scopes: Scopes = { slots: [], byScope: new Map(), byPath: new Map(), paths: new Set([""]) };
  const counters = new Map<string, number>();
  let keptEnd = -1;
  for (const placeholder of placeholders) {
    if (isBlockKind(placeholder.kind) || placeholder.kind === "icu-pound") continue;
    if (isPercentText(text, placeholder, keptEnd)) continue;
    keptEnd = placeholder.end;
    const steps = enclosing(placeholder, blocks);
    const scope = steps.map(({ start, selector }) => `${start}:${selector}`).join(SEPARATOR);
    const path = steps.map(pathStep).join(SEPARATOR);
    let index = placeholder.index;
    if (placeholder.numbered === false) {
      index = (counters.get(scope) ?? 0) + 1;
      counters.set(scope, index);
    }
    const count = steps.some(
      (step) =>
        step.kind === "icu-plural" && step.name === placeholder.name && !isPrintfKind(placeholder.kind),
    );
    const slot: Slot = { placeholder, scope, path, count, ...(index !== undefined ? { index } : {}) };
    scopes.slots.push(slot);
    push(scopes.byScope, scope, slot);
    push(scopes.byPath, path, slot);
    for (let depth = 1; depth <= steps.length; depth++) {
      scopes.paths.add(steps.slice(0, depth).map(pathStep).join(SEPARATOR));
    }
  }
  return scopes;
}

/**
 * The slots of `reference` in the branch that corresponds to `path` of another text: the same
 * selector when the reference has it, else its `other` branch, level by level; where neither
 * exists the enclosing scope stands in.
 */
export function matchingSlots(reference: Scopes, path: string): Slot[] {
  let resolved = "";
  for (const step of path === "" ? [] : path.split(SEPARATOR)) {
    const [name = "", selector = ""] = step.split(NAME_END);
    const prefix = resolved === "" ? "" : `${resolved}${SEPARATOR}`;
    const same = `${prefix}${name}${NAME_END}${selector}`;
    const other = `${prefix}${name}${NAME_END}other`;
    if (reference.paths.has(same)) resolved = same;
    else if (reference.paths.has(other)) resolved = other;
    else break;
  }
  return reference.byPath.get(resolved) ?? [];
}

/**
 * printf-shaped text that is not a placeholder for conversion: an unnumbered conversion glued to
 * a Latin letter or a digit (`100%igen`, `50%s of`, `Save 10%d`, a URL's `%2F`) is percent text
 * in prose. Only ASCII letters: CJK, Hebrew… put real arguments right after a word (`履歴から%s`).
 * A spelled position (`10%1$s`) is always a placeholder, and so is a conversion right after
 * another placeholder (`%d%s`).
 */
function isPercentText(text: string, placeholder: Placeholder, keptEnd: number): boolean {
  if (placeholder.kind !== "printf" || placeholder.numbered !== false) return false;
  if (placeholder.start === keptEnd) return false;
  return /[0-9A-Za-z]/.test(text[placeholder.start - 1] ?? "");
}

interface EnclosingStep {
  start: number;
  name: string;
  kind: Placeholder["kind"];
  selector: string;
}

/** The blocks around a placeholder, outermost first, each with the selector of its branch. */
function enclosing(placeholder: Placeholder, blocks: readonly Placeholder[]): EnclosingStep[] {
  const selectors = placeholder.selectors ?? [];
  return blocks
    .filter((block) => block.start < placeholder.start && placeholder.end <= block.end)
    .map((block, depth) => ({
      start: block.start,
      name: block.name ?? "",
      kind: block.kind,
      // Detection names every branch; "?" only guards against a block it could not walk.
      selector: selectors[depth] ?? "?",
    }));
}

/** A step of a path: what survives translation, the block's argument and the branch's selector. */
function pathStep(step: EnclosingStep): string {
  return `${step.name}${NAME_END}${step.selector}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
