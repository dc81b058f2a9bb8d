import { type CSSProperties, useRef } from "react";
import {
  CellNavigationProvider,
  useListNavigation,
} from "../../../components/cell-editor/cell-navigation.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { useWindowKeyRows } from "../hooks/use-key-rows.ts";
import { GroupHeaderCell } from "./group-header-cell.tsx";
import { KeyRow } from "./key-row.tsx";
import type { KeysTableProps } from "./keys-table.tsx";

const GROUP_ROW_HEIGHT = 33;
const KEY_CARD_HEIGHT = 170;

/**
 * The keys table on a phone (below 640 px, issue 19): one card per key instead of three columns
 * squeezed to a character per line. A card is the table's own row (the same KeyRow: selection, name
 * and metadata, rename/delete, then the source and the selected language as the same cells with the
 * same edit/save/discard states), laid out top to bottom, each value under its language's name.
 * Virtualized and paged like the table: 5 groups at first, more groups and pages as it scrolls;
 * the page itself scrolls the cards (issue 34), and each card shows its cells' actions.
 */
export function KeyCards({
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
  // A phone shows the selected language only: more columns do not fit a card (issue 19).
  const target = targets[0] ?? null;
  const listRef = useRef<HTMLTableSectionElement>(null);
  const { groups, rows, virtualizer, items, scrollMargin, allState, setPinnedRow } = useWindowKeyRows({
    keys,
    complete,
    groupTotals,
    onLoadMore,
    selection,
    editingKeyId,
    listRef,
    heights: { group: GROUP_ROW_HEIGHT, key: KEY_CARD_HEIGHT },
    overscan: 4,
  });
  // Tab in an open editor goes on to the next card's cell of the same language, as in the table.
  const navigation = useListNavigation(rows, (row) => (row.type === "key" ? row.row : undefined));
  // Each value's language above it, from the row's CSS variables (the cells are the table's own).
  const labels = {
    "--source-label": JSON.stringify(source.label),
    "--target-label": JSON.stringify(target?.label ?? ""),
  } as CSSProperties;

  return (
    <div className="flex flex-col overflow-hidden rounded-lg border border-border bg-background">
      {/* Not a scroll box: the page is the one scroll on a phone (issue 34). */}
      <div className="relative" data-testid="keys-scroll" style={labels}>
        <table aria-label="Translation keys" aria-rowcount={rows.length + 1} className="grid w-full">
          <thead className="grid border-b border-border bg-surface">
            <tr className="flex w-full flex-wrap items-center gap-x-3 px-3 py-2 text-left text-xs font-medium text-muted">
              <th scope="col" className="flex items-center gap-2 font-medium">
                <Checkbox
                  checked={allState}
                  onCheckedChange={(checked) => onToggleAll(checked === true)}
                  aria-label="Select all keys"
                  disabled={keys.length === 0}
                />
                Key
              </th>
              <th scope="col" className="font-medium">
                {source.label}
              </th>
              {target ? (
                <th scope="col" className="font-medium">
                  {target.label}
                </th>
              ) : null}
            </tr>
          </thead>
          <CellNavigationProvider value={navigation}>
            <tbody ref={listRef} className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
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
                        : [
                            "group/row absolute top-0 left-0 flex w-full flex-col border-b border-border px-1 py-0.5",
                            // The row's cells, stacked: full width, as tall as their content.
                            "[&>td]:w-full [&>td]:flex-none",
                            "[&>td:nth-child(2)]:before:text-xs [&>td:nth-child(2)]:before:text-muted [&>td:nth-child(2)]:before:content-(--source-label)",
                            "[&>td:nth-child(3)]:before:text-xs [&>td:nth-child(3)]:before:text-muted [&>td:nth-child(3)]:before:content-(--target-label)",
                            // The language's line is as tall as the cell's actions, which sit at its end
                            // (always shown on a card, issue 34), so the text below has the full width.
                            // Less padding than the table's cells: the actions' line takes room of its own.
                            "[&>td:nth-child(n+2)]:before:h-7 [&>td:nth-child(n+2)]:before:leading-7 [&>td:nth-child(n+2)]:py-1",
                            "[&_[data-cell-trigger]]:min-h-6 [&_[data-cell-trigger]]:pr-0",
                            // Their line is above the text: no room is kept for them after it.
                            "[&_[data-action-room]]:hidden",
                            // No hover on a touch screen: the key's rename and delete show as well.
                            "[&>td:first-child_.opacity-0]:opacity-100",
                          ].join(" ")
                    }
                    style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
                  >
                    {row.type === "group" ? (
                      <GroupHeaderCell group={row} colSpan={target ? 3 : 2} />
                    ) : (
                      <KeyRow
                        projectId={projectId}
                        row={row.row}
                        source={source}
                        targets={target ? [target] : []}
                        targetLoading={targetLoading}
                        selected={selection.has(row.id)}
                        // A phone has no hover: each card shows its actions (issue 34), Translate,
                        // History and Comments without opening the editor first.
                        showActions
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
      </div>
    </div>
  );
}
