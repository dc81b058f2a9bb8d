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

/** Client-side search: the key name or any loaded value contains the query, case-insensitive. */
export function filterKeys(keys: readonly KeyRow[], query: string): readonly KeyRow[] {
  const q = query.trim().toLowerCase();
  if (q === "") return keys;
  return keys.filter(
    (row) =>
      row.key.toLowerCase().includes(q) ||
      Object.values(row.strings).some((cell) => cell.value.toLowerCase().includes(q)),
  );
}

export type TableRow =
  | { type: "group"; id: string; name: string; count: number }
  | { type: "key"; id: string; row: KeyRow; group: string };

/** The flat list the virtualized table renders: a header row per group, then its keys. */
export function flattenGroups(groups: readonly KeyGroup[], visibleGroups: number): TableRow[] {
  const rows: TableRow[] = [];
  for (const group of groups.slice(0, Math.max(0, visibleGroups))) {
    rows.push({ type: "group", id: `group:${group.name}`, name: group.name, count: group.keys.length });
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
