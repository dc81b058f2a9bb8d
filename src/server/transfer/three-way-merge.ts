import { diffArrays } from "diff";

/**
 * A line-based three-way merge (diff3), for rendering an export on its uploaded file (issue 33):
 * `base` is what Sprog writes for the file's own content, `ours` what it writes for the project's
 * content now, `theirs` the file as uploaded. The changes from base to ours are applied to theirs,
 * so the file keeps everything Sprog's writer would have written differently (spacing, comments,
 * quoting, escapes) wherever nothing changed. Where the file differs from base in the same lines
 * that changed (a conflict), ours is taken: the project's content is right, the file's way of
 * writing it is lost there alone. Lines are compared without their line ends, and the lines taken
 * from ours get the file's line end, so a CRLF file stays CRLF.
 */

export interface MergeResult {
  text: string;
  /** Regions where both sides changed the same base lines and ours was taken. */
  conflicts: number;
}

/**
 * The most line edits a diff may find before giving up: beyond that the file and Sprog's writing
 * of it are too far apart for a merge to keep much, and Myers' diff costs grow with the edits.
 */
const MAX_EDITS = 4000;

/** A stretch of base lines [start, end) replaced by `count` lines of the other side. */
interface Hunk {
  start: number;
  end: number;
  count: number;
}

/** Undefined when the sides are too far apart to merge (`MAX_EDITS`). */
export function mergeThreeWay(theirs: string, base: string, ours: string): MergeResult | undefined {
  if (base === ours) return { text: theirs, conflicts: 0 };
  // A file written as Sprog writes it (one Sprog exported, say) takes every change.
  if (theirs === base) return { text: ours, conflicts: 0 };
  const bom = theirs.startsWith("\uFEFF") ? "\uFEFF" : "";
  const t = linesOf(stripBom(theirs));
  const b = linesOf(stripBom(base));
  const o = linesOf(stripBom(ours));
  const tBodies = t.map(bodyOf);
  const bBodies = b.map(bodyOf);
  const oBodies = o.map(bodyOf);
  const fileHunks = hunksOf(bBodies, tBodies);
  const ourHunks = hunksOf(bBodies, oBodies);
  if (!fileHunks || !ourHunks) return undefined;
  const eol = lineEndOf(theirs);

  const out: string[] = [];
  let conflicts = 0;
  let bPos = 0;
  let tPos = 0;
  let oPos = 0;
  let i = 0;
  let j = 0;
  const emitOurs = (from: number, count: number) => {
    for (let k = from; k < from + count; k++) {
      const line = o[k] ?? "";
      out.push(line.endsWith("\n") ? (oBodies[k] ?? "") + eol : line);
    }
  };
  while (i < fileHunks.length || j < ourHunks.length) {
    const nextT = fileHunks[i];
    const nextO = ourHunks[j];
    const first = firstOf(nextT, nextO);
    const start = first.start;
    // Unchanged on every side up to here: the file's own lines.
    const same = start - bPos;
    for (let k = 0; k < same; k++) out.push(t[tPos + k] ?? "");
    tPos += same;
    oPos += same;
    bPos = start;
    // The group: the first hunk and every hunk of either side that overlaps it. A hunk that only
    // touches another (a comment the file has above the next line) is applied on its own, and an
    // insertion goes before a change of the line it stands in front of; insertions of both sides
    // at one place are one group.
    let end = start;
    let tDelta = 0;
    let oDelta = 0;
    let tHas = false;
    let oHas = false;
    const joins = (hunk: Hunk | undefined): hunk is Hunk => {
      if (!hunk) return false;
      if (!tHas && !oHas) return hunk === first;
      if (end > start) return hunk.start < end;
      return hunk.start === start && hunk.end === start;
    };
    for (;;) {
      const ht = fileHunks[i];
      const ho = ourHunks[j];
      if (joins(ht)) {
        tDelta += ht.count - (ht.end - ht.start);
        end = Math.max(end, ht.end);
        tHas = true;
        i++;
      } else if (joins(ho)) {
        oDelta += ho.count - (ho.end - ho.start);
        end = Math.max(end, ho.end);
        oHas = true;
        j++;
      } else break;
    }
    const tLines = end - start + tDelta;
    const oLines = end - start + oDelta;
    if (!oHas) {
      for (let k = 0; k < tLines; k++) out.push(t[tPos + k] ?? "");
    } else if (!tHas) {
      emitOurs(oPos, oLines);
    } else if (sameLines(tBodies, tPos, tLines, oBodies, oPos, oLines)) {
      for (let k = 0; k < tLines; k++) out.push(t[tPos + k] ?? "");
    } else {
      conflicts++;
      emitOurs(oPos, oLines);
    }
    tPos += tLines;
    oPos += oLines;
    bPos = end;
  }
  for (let k = tPos; k < t.length; k++) out.push(t[k] ?? "");
  return { text: bom + out.join(""), conflicts };
}

/** The hunk that comes first in base order; at one place, an insertion before a change. */
function firstOf(a: Hunk | undefined, b: Hunk | undefined): Hunk {
  if (!a) return b as Hunk;
  if (!b) return a;
  if (a.start !== b.start) return a.start < b.start ? a : b;
  return a.end === a.start ? a : b;
}

function sameLines(a: string[], aFrom: number, aCount: number, b: string[], bFrom: number, bCount: number) {
  if (aCount !== bCount) return false;
  for (let k = 0; k < aCount; k++) if (a[aFrom + k] !== b[bFrom + k]) return false;
  return true;
}

/** The changes from `base` to `other` as hunks in base order; undefined past MAX_EDITS. */
function hunksOf(base: readonly string[], other: readonly string[]): Hunk[] | undefined {
  // Common ends first: an edit is mostly one place, and Myers' diff then sees only the middle.
  let head = 0;
  while (head < base.length && head < other.length && base[head] === other[head]) head++;
  let tail = 0;
  while (
    tail < base.length - head &&
    tail < other.length - head &&
    base[base.length - 1 - tail] === other[other.length - 1 - tail]
  ) {
    tail++;
  }
  const a = base.slice(head, base.length - tail);
  const b = other.slice(head, other.length - tail);
  if (a.length === 0 && b.length === 0) return [];
  if (a.length === 0 || b.length === 0) return [{ start: head, end: head + a.length, count: b.length }];
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDITS });
  if (!changes) return undefined;
  const hunks: Hunk[] = [];
  let position = head;
  let open: Hunk | undefined;
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (!change.added && !change.removed) {
      if (open) hunks.push(open);
      open = undefined;
      position += count;
      continue;
    }
    open ??= { start: position, end: position, count: 0 };
    if (change.removed) {
      open.end += count;
      position += count;
    } else {
      open.count += count;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}

/** Lines with their line ends; a last line without one is kept as it is. */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function bodyOf(line: string): string {
  return line.endsWith("\r\n") ? line.slice(0, -2) : line.endsWith("\n") ? line.slice(0, -1) : line;
}

function stripBom(text: string): string {
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

/** The file's line end: CRLF when most of its lines end so. */
function lineEndOf(text: string): string {
  let lf = 0;
  let crlf = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
    if (text.charCodeAt(index - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? "\r\n" : "\n";
}
