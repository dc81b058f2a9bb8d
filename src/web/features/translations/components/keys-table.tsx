import { type KeyboardEvent, useRef } from "react";
import type { KeyRow as KeyRowData } from "../../../../shared/schemas/keys.ts";
import {
  CellNavigationProvider,
  useListNavigation,
} from "../../../components/cell-editor/cell-navigation.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { NARROW_QUERY, useMediaQuery } from "../../../lib/use-media-query.ts";
import { useKeyRows } from "../hooks/use-key-rows.ts";
import { cellAfterArrow } from "../key-groups.ts";
import { GroupHeaderCell } from "./group-header-cell.tsx";
import { KeyCards } from "./key-cards.tsx";
import { type ColumnLanguage, KeyRow } from "./key-row.tsx";

export interface KeysTableProps {
  projectId: string;
  /** The keys loaded so far (a search's matches, if any), ordered by name. */
  keys: readonly KeyRowData[];
  /** The last page is in: there are no more keys than these. */
  complete: boolean;
  /** Each group's whole count among the listed keys, when known (from the key facets). */
  groupTotals?: ReadonlyMap<string, number> | undefined;
  /** Asks for the next page (it does nothing while one is on its way or none is left). */
  onLoadMore: () => void;
  source: ColumnLanguage;
  /** The target language columns: the selected language first, then those picked (issue 19). */
  targets: readonly ColumnLanguage[];
  targetLoading: boolean;
  canManageKeys: boolean;
  selection: ReadonlySet<string>;
  onToggle: (keyId: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onEdit: (row: KeyRowData) => void;
  onDelete: (row: KeyRowData) => void;
  /** The key whose cell is being edited: its row stays mounted while scrolled away. */
  editingKeyId: string | null;
}

const GROUP_ROW_HEIGHT = 33;
const KEY_ROW_HEIGHT = 41;
/** The key column's width beside several languages (w-56), and the least a language column gets. */
const KEY_COLUMN_REM = 14;
const VALUE_COLUMN_MIN_REM = 12;

/**
 * The keys table (spec point 2): Key, source and target language columns (the selected language and
 * any picked, issue 19; they share the width, and a window too narrow for all of them scrolls the
 * table sideways with the key column kept); keys grouped by prefix, the first 5 groups shown and 5
 * more whenever the user scrolls near the end (spec point 9). Rows
 * are virtualized, so 50,000 keys scroll smoothly; group headers are rows of the same list.
 * Keyboard: Tab goes through every control; on a cell, the arrow keys move to the neighbouring
 * cells (scrolling rows that are not rendered into view) and Enter or Space opens its editor; in an
 * open editor, Tab / Shift+Tab save and open the same language's cell of the next / previous key.
 */
export function KeysTable(props: KeysTableProps) {
  // On a phone, one card per key (issue 19); the table's hooks live below, so switching is safe.
  if (useMediaQuery(NARROW_QUERY)) return <KeyCards {...props} />;
  return <KeysGrid {...props} />;
}

function KeysGrid({
  projectId,
  keys,
  complete,
  groupTotals,
  onLoadMore,
  source,
  targets,
  targetLoading,
  canManageKeys,
  selection,
  onToggle,
  onToggleAll,
  onEdit,
  onDelete,
  editingKeyId,
}: KeysTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const {
    groups,
    rows,
    visibleGroups,
    virtualizer,
    items,
    allState,
    activeRow,
    setActiveRow,
    pinnedRow,
    setPinnedRow,
  } = useKeyRows({
    keys,
    complete,
    groupTotals,
    onLoadMore,
    selection,
    editingKeyId,
    scrollRef,
    heights: { group: GROUP_ROW_HEIGHT, key: KEY_ROW_HEIGHT },
    overscan: 8,
  });
  const navigation = useListNavigation(rows, (row) => (row.type === "key" ? row.row : undefined));
  const valueColumns = 1 + targets.length;
  // More than two languages share the width down to 12rem a column (its text and its actions fit);
  // only a window too narrow for that scrolls sideways, the key column kept in view (sticky). At
  // 1280 px the source and up to three targets fit (issue 34: 18rem a column scrolled with two).
  const wide = valueColumns > 2;
  const minWidth = wide ? `${KEY_COLUMN_REM + VALUE_COLUMN_MIN_REM * valueColumns}rem` : undefined;

  /** Focuses the edit button of a cell (column 1 source, 2… targets), rendering its row first if needed. */
  const focusCell = (index: number, column: number) => {
    const find = () =>
      scrollRef.current?.querySelector<HTMLElement>(
        `tr[data-index="${index}"] > td:nth-child(${column + 1}) [data-cell-trigger]`,
      );
    const now = find();
    if (now) {
      now.focus();
      return;
    }
    virtualizer.scrollToIndex(index);
    let frames = 0;
    const retry = () => {
      const rendered = find();
      if (rendered) rendered.focus();
      else if (++frames < 10) requestAnimationFrame(retry);
    };
    requestAnimationFrame(retry);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const trigger = event.target as HTMLElement;
    if (!trigger.matches("[data-cell-trigger]")) return;
    const tr = trigger.closest<HTMLTableRowElement>("tr[data-index]");
    const td = trigger.closest("td");
    if (!tr || !td) return;
    const column = [...tr.children].indexOf(td);
    const next = cellAfterArrow(event.key, rows, Number(tr.dataset.index), column, valueColumns);
    if (!next) return;
    event.preventDefault();
    focusCell(next.index, next.column);
  };

  return (
    <div className="flex flex-col overflow-hidden rounded-lg border border-border bg-background">
      <div
        ref={scrollRef}
        // scroll-padding: a cell focused by keyboard scrolls into view below the sticky header.
        className="relative h-[calc(100vh-20rem)] min-h-80 scroll-pt-10 overflow-auto"
        data-testid="keys-scroll"
      >
        <table
          aria-label="Translation keys"
          aria-rowcount={rows.length + 1}
          aria-colcount={valueColumns + 1}
          className="grid w-full"
          style={{ minWidth }}
        >
          <thead className="sticky top-0 z-10 grid border-b border-border bg-surface">
            <tr className="flex w-full items-center text-left text-xs font-medium text-muted">
              <th
                scope="col"
                className={
                  wide
                    ? "sticky left-0 z-[3] flex w-56 shrink-0 items-center gap-2 bg-surface px-3 py-2 font-medium"
                    : "flex w-[28%] shrink-0 items-center gap-2 px-3 py-2 font-medium"
                }
              >
                <Checkbox
                  checked={allState}
                  onCheckedChange={(checked) => onToggleAll(checked === true)}
                  aria-label="Select all keys"
                  title={complete ? undefined : "Selects the keys loaded so far"}
                  disabled={keys.length === 0}
                />
                Key
              </th>
              <th scope="col" className="flex-1 basis-0 px-4 py-2 font-medium">
                {source.label}
              </th>
              {targets.map((target) => (
                <th key={target.code} scope="col" className="flex-1 basis-0 px-4 py-2 font-medium">
                  {target.label}
                </th>
              ))}
            </tr>
          </thead>
          <CellNavigationProvider value={navigation}>
            <tbody
              className="relative grid"
              style={{ height: virtualizer.getTotalSize() }}
              onKeyDown={onKeyDown}
            >
              {items.map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                return (
                  <tr
                    key={item.key}
                    data-index={item.index}
                    data-key={row.type === "key" ? row.row.key : undefined}
                    ref={virtualizer.measureElement}
                    aria-rowindex={item.index + 2}
                    className={
                      row.type === "group"
                        ? "absolute top-0 left-0 flex w-full items-center border-b border-border bg-surface-muted/60"
                        : "group/row absolute top-0 left-0 flex w-full items-start gap-2 border-b border-border px-1 hover:bg-surface/60"
                    }
                    style={{ transform: `translateY(${item.start}px)` }}
                    onPointerMove={row.type === "key" ? () => setActiveRow(row.id) : undefined}
                    onFocus={row.type === "key" ? () => setActiveRow(row.id) : undefined}
                  >
                    {row.type === "group" ? (
                      <GroupHeaderCell
                        group={row}
                        colSpan={valueColumns + 1}
                        className={wide ? "sticky left-0" : ""}
                      />
                    ) : (
                      <KeyRow
                        projectId={projectId}
                        row={row.row}
                        source={source}
                        targets={targets}
                        wide={wide}
                        targetLoading={targetLoading}
                        selected={selection.has(row.id)}
                        showActions={activeRow === row.id || pinnedRow === row.id}
                        onPin={setPinnedRow}
                        canManageKeys={canManageKeys}
                        onToggle={onToggle}
                        onEdit={onEdit}
                        onDelete={onDelete}
                      />
                    )}
                  </tr>
                );
              })}
            </tbody>
          </CellNavigationProvider>
        </table>
      </div>
      <div className="border-t border-border bg-surface px-3 py-1.5 text-xs text-muted">
        {keys.length.toLocaleString("en")} {keys.length === 1 ? "key" : "keys"}
        {complete ? "" : " loaded"} in {groups.length.toLocaleString("en")}{" "}
        {groups.length === 1 ? "group" : "groups"}
        {visibleGroups < groups.length
          ? ` · showing ${visibleGroups.toLocaleString("en")} groups, scroll for more`
          : complete
            ? ""
            : " · more load as you scroll (Select all takes the loaded keys)"}
      </div>
    </div>
  );
}
