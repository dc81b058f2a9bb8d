import { useVirtualizer } from "@tanstack/react-virtual";
import { type RefObject, useEffect, useMemo, useState } from "react";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { useKeepRowMounted } from "../../../components/cell-editor/use-keep-row-mounted.ts";
import {
  flattenGroups,
  GROUP_PAGE_SIZE,
  groupKeys,
  nextVisibleGroups,
  wantsNextPage,
} from "../key-groups.ts";

export interface KeyRowsOptions {
  keys: readonly KeyRow[];
  complete: boolean;
  onLoadMore: () => void;
  selection: ReadonlySet<string>;
  /** The key whose cell is being edited: its row stays mounted while scrolled away. */
  editingKeyId: string | null;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Estimated heights (px) of a group header and of a key, before they are measured. */
  heights: { group: number; key: number };
  overscan: number;
}

/**
 * The rows of the keys table and of its phone cards (issue 19), one logic for both: keys grouped by
 * prefix, the first 5 groups shown and 5 more whenever the end is near (spec point 9), the next
 * page asked for once every loaded group shows (issue 18), rows virtualized, the edited row kept
 * mounted, and the select-all state. Actions are rendered for the active (hovered, touched or
 * focused) row and a row whose popover is open only: far fewer elements keep scrolling smooth.
 */
export function useKeyRows({
  keys,
  complete,
  onLoadMore,
  selection,
  editingKeyId,
  scrollRef,
  heights,
  overscan,
}: KeyRowsOptions) {
  const groups = useMemo(() => groupKeys(keys), [keys]);
  const [visibleGroups, setVisibleGroups] = useState(GROUP_PAGE_SIZE);
  const [activeRow, setActiveRow] = useState<string | null>(null);
  const [pinnedRow, setPinnedRow] = useState<string | null>(null);
  const loadedUpTo = complete ? null : (keys.at(-1)?.key ?? null);
  const rows = useMemo(
    () => flattenGroups(groups, visibleGroups, loadedUpTo),
    [groups, visibleGroups, loadedUpTo],
  );
  const editingIndex = useMemo(
    () => (editingKeyId ? rows.findIndex((row) => row.type === "key" && row.id === editingKeyId) : -1),
    [rows, editingKeyId],
  );
  const rangeExtractor = useKeepRowMounted(editingIndex);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.type === "group" ? heights.group : heights.key),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan,
    rangeExtractor,
  });
  const lastVisible = virtualizer.range?.endIndex ?? -1;

  useEffect(() => {
    setVisibleGroups((current) => nextVisibleGroups(current, groups.length, lastVisible, rows.length));
  }, [lastVisible, groups.length, rows.length]);

  useEffect(() => {
    if (!complete && wantsNextPage(visibleGroups, groups.length, lastVisible, rows.length)) onLoadMore();
  }, [complete, visibleGroups, groups.length, lastVisible, rows.length, onLoadMore]);

  const selectedCount = useMemo(
    () =>
      selection.size === 0 ? 0 : keys.reduce((count, row) => count + (selection.has(row.id) ? 1 : 0), 0),
    [keys, selection],
  );
  const allState: boolean | "indeterminate" =
    selectedCount === 0 ? false : selectedCount === keys.length ? true : "indeterminate";

  return {
    groups,
    rows,
    visibleGroups,
    virtualizer,
    items: virtualizer.getVirtualItems(),
    allState,
    activeRow,
    setActiveRow,
    pinnedRow,
    setPinnedRow,
  };
}
