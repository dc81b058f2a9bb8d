import type { KeyRow } from "../../../shared/schemas/keys.ts";

/** Spec point 9: 5 key groups are shown at first, 5 more per scroll. */
export const GROUP_PAGE_SIZE = 5;
export const OTHER_GROUP = "Other";

/**
 * The group of a key (spec point 2): its leading alphanumeric prefix, up to the first separator
 * (`auth.login.title` → `auth`, `settings_title` → `settings`). Keys without one (`title`,
 * `.hidden`, `-x`) go to 'Other'.
 */
export function keyGroupName(key: string): string {
  const match = /^([\p{L}\p{N}]+)[^\p{L}\p{N}]/u.exec(key);
  return match?.[1] ?? OTHER_GROUP;
}

export interface KeyGroup {
  name: string;
  keys: KeyRow[];
}

function compareNames(a: string, b: string): number {
  const byBase = a.localeCompare(b, "en", { sensitivity: "base" });
  return byBase !== 0 ? byBase : a < b ? -1 : a > b ? 1 : 0;
}

/** Groups keys by prefix, groups sorted alphabetically; within a group the keys keep their order. */
export function groupKeys(keys: readonly KeyRow[]): KeyGroup[] {
  const byName = new Map<string, KeyRow[]>();
  for (const key of keys) {
    const name = keyGroupName(key.key);
    const list = byName.get(name);
    if (list) list.push(key);
    else byName.set(name, [key]);
  }
  return [...byName.entries()]
    .map(([name, groupKeys]) => ({ name, keys: groupKeys }))
    .sort((a, b) => compareNames(a.name, b.name));
}

/**
 * Whether keys still to come, all after `loadedUpTo` in byte order (the server's order), can belong
 * to group `name`: its keys start with the name, so only when the name sorts after the last loaded
 * key or begins it (and 'Other', which has no prefix).
 */
export function groupMayGrow(name: string, loadedUpTo: string): boolean {
  return name === OTHER_GROUP || loadedUpTo < name || loadedUpTo.startsWith(name);
}

export type TableRow =
  | { type: "group"; id: string; name: string; count: number; more: boolean }
  | { type: "key"; id: string; row: KeyRow; group: string };

/**
 * The flat list the virtualized table renders: a header row per group, then its keys. While pages
 * are still to come (`loadedUpTo`: the last loaded key), a group they may add to says so (`more`).
 */
export function flattenGroups(
  groups: readonly KeyGroup[],
  visibleGroups: number,
  loadedUpTo: string | null = null,
  /** Each group's whole count (the server's key facets), when known: shown while its keys load. */
  totals?: ReadonlyMap<string, number>,
): TableRow[] {
  const rows: TableRow[] = [];
  for (const group of groups.slice(0, Math.max(0, visibleGroups))) {
    const loaded = group.keys.length;
    const total = totals?.get(group.name);
    const mayGrow = loadedUpTo !== null && groupMayGrow(group.name, loadedUpTo);
    // A known total is the count, whole ("label 260" while 195 of them are in); an older total
    // never shows fewer keys than are on screen. Unknown, the loaded count may still grow ("195+").
    const count = total === undefined ? loaded : Math.max(total, loaded);
    const more = total === undefined && mayGrow;
    rows.push({ type: "group", id: `group:${group.name}`, name: group.name, count, more });
    for (const row of group.keys) rows.push({ type: "key", id: row.id, row, group: group.name });
  }
  return rows;
}

/** More groups are loaded when the last rendered row is within this many rows of the end. */
export const LOAD_MORE_THRESHOLD = 10;

/** The number of groups to show after the user scrolled to `lastVisibleIndex` (unchanged when not near the end). */
export function nextVisibleGroups(
  visibleGroups: number,
  totalGroups: number,
  lastVisibleIndex: number,
  rowCount: number,
): number {
  if (visibleGroups >= totalGroups) return visibleGroups;
  if (lastVisibleIndex < rowCount - 1 - LOAD_MORE_THRESHOLD) return visibleGroups;
  return Math.min(totalGroups, visibleGroups + GROUP_PAGE_SIZE);
}

/**
 * Whether the table should ask the server for the next page of keys: every group of the loaded keys
 * shows and the last rendered row is near the end (issue 18: never all keys, only what is scrolled to).
 */
export function wantsNextPage(
  visibleGroups: number,
  totalGroups: number,
  lastVisibleIndex: number,
  rowCount: number,
): boolean {
  return visibleGroups >= totalGroups && lastVisibleIndex >= rowCount - 1 - LOAD_MORE_THRESHOLD;
}

/**
 * Where an arrow key moves the focus from the cell in row `index`, column `column` (1 the source,
 * 2 the selected language; `columns` is the last one): Up/Down to the same column of the nearest key
 * row (group headers are skipped), Left/Right to the neighbouring value column. Null: nowhere.
 */
export function cellAfterArrow(
  key: string,
  rows: readonly TableRow[],
  index: number,
  column: number,
  columns: number,
): { index: number; column: number } | null {
  if (key === "ArrowLeft") return column > 1 ? { index, column: column - 1 } : null;
  if (key === "ArrowRight") return column < columns ? { index, column: column + 1 } : null;
  const step = key === "ArrowDown" ? 1 : key === "ArrowUp" ? -1 : 0;
  if (step === 0) return null;
  for (let next = index + step; next >= 0 && next < rows.length; next += step) {
    if (rows[next]?.type === "key") return { index: next, column };
  }
  return null;
}
