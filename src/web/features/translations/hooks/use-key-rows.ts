import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { type RefObject, useEffect, useLayoutEffect, useMemo, useState } from "react";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { useKeepRowMounted } from "../../../components/cell-editor/use-keep-row-mounted.ts";
import {
  flattenGroups,
  GROUP_PAGE_SIZE,
  groupKeys,
  nextVisibleGroups,
  wantsNextPage,
} from "../key-groups.ts";

interface RowOptions {
  keys: readonly KeyRow[];
  complete: boolean;
  /** Each group's whole count, when the server has said (spec point 2: groups load progressively). */
  groupTotals?: ReadonlyMap<string, number> | undefined;
  onLoadMore: () => void;
  selection: ReadonlySet<string>;
  /** The key whose cell is being edited: its row stays mounted while scrolled away. */
  editingKeyId: string | null;
  /** Estimated heights (px) of a group header and of a key, before they are measured. */
  heights: { group: number; key: number };
  overscan: number;
}

export interface KeyRowsOptions extends RowOptions {
  /** The list's own scroll box. */
  scrollRef: RefObject<HTMLDivElement | null>;
}

export interface WindowKeyRowsOptions extends RowOptions {
  /** The list (its rows' container): the page scrolls it, and its top on the page is where rows start. */
  listRef: RefObject<HTMLElement | null>;
}

/**
 * The rows of the keys table and of its phone cards (issue 19), one logic for both: keys grouped by
 * prefix, the first 5 groups shown and 5 more whenever the end is near (spec point 9), the next
 * page asked for once every loaded group shows (issue 18), rows virtualized, the edited row kept
 * mounted, and the select-all state. Actions are rendered for the active (hovered, touched or
 * focused) row and a row whose popover is open only: far fewer elements keep scrolling smooth.
 * The table scrolls in a box of its own (`scrollRef`).
 */
export function useKeyRows(options: KeyRowsOptions) {
  const model = useRowModel(options);
  const virtualizer = useVirtualizer({
    ...model.listOptions,
    getScrollElement: () => options.scrollRef.current,
  });
  return useRowsShown(options, model, virtualizer);
}

/**
 * The same rows where the page is the list's one scroll (the phone's cards, issue 34: a scroll box
 * inside the scrolling page gave two scrollbars). Rows are placed from the list's top: subtract
 * `scrollMargin` from an item's start.
 */
export function useWindowKeyRows(options: WindowKeyRowsOptions) {
  const model = useRowModel(options);
  const scrollMargin = usePageTop(options.listRef);
  const virtualizer = useWindowVirtualizer({ ...model.listOptions, scrollMargin });
  return { ...useRowsShown(options, model, virtualizer), scrollMargin };
}

/** The groups and rows, and what the virtualizer of either scroll needs to list them. */
function useRowModel({ keys, complete, groupTotals, editingKeyId, heights, overscan }: RowOptions) {
  const groups = useMemo(() => groupKeys(keys), [keys]);
  const [visibleGroups, setVisibleGroups] = useState(GROUP_PAGE_SIZE);
  const loadedUpTo = complete ? null : (keys.at(-1)?.key ?? null);
  const rows = useMemo(
    () => flattenGroups(groups, visibleGroups, loadedUpTo, groupTotals),
    [groups, visibleGroups, loadedUpTo, groupTotals],
  );
  const editingIndex = useMemo(
    () => (editingKeyId ? rows.findIndex((row) => row.type === "key" && row.id === editingKeyId) : -1),
    [rows, editingKeyId],
  );
  const rangeExtractor = useKeepRowMounted(editingIndex);
  return {
    groups,
    rows,
    visibleGroups,
    setVisibleGroups,
    listOptions: {
      count: rows.length,
      estimateSize: (index: number) => (rows[index]?.type === "group" ? heights.group : heights.key),
      getItemKey: (index: number) => rows[index]?.id ?? index,
      overscan,
      rangeExtractor,
    },
  };
}

/** More groups and pages as the end comes into view, the active row, the select-all state. */
function useRowsShown<S extends Element | Window>(
  { keys, complete, onLoadMore, selection }: RowOptions,
  { groups, rows, visibleGroups, setVisibleGroups }: ReturnType<typeof useRowModel>,
  virtualizer: Virtualizer<S, Element>,
) {
  const [activeRow, setActiveRow] = useState<string | null>(null);
  const [pinnedRow, setPinnedRow] = useState<string | null>(null);
  const lastVisible = virtualizer.range?.endIndex ?? -1;

  useEffect(() => {
    setVisibleGroups((current) => nextVisibleGroups(current, groups.length, lastVisible, rows.length));
  }, [setVisibleGroups, lastVisible, groups.length, rows.length]);

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

const pageTopOf = (element: HTMLElement) => Math.round(element.getBoundingClientRect().top + window.scrollY);

/**
 * Where an element starts on the page (px from the document's top), kept current as what is above
 * it changes: a notice opened, the filters changed, the window resized.
 */
function usePageTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (ref.current) setTop(pageTopOf(ref.current));
  });
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (ref.current) setTop(pageTopOf(ref.current));
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}
