import { useVirtualizer } from "@tanstack/react-virtual";
import { X } from "lucide-react";
import { type ComponentType, type CSSProperties, useId, useMemo, useRef, useState } from "react";
import { languageName } from "../../../../shared/languages.ts";
import type { Approval, ReviewDetail } from "../../../../shared/schemas/reviews.ts";
import { useKeepRowMounted } from "../../../components/cell-editor/use-keep-row-mounted.ts";
import { ValueCell } from "../../../components/cell-editor/value-cell.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { cn } from "../../../lib/cn.ts";
import { BELOW_MD_QUERY, useMediaQuery } from "../../../lib/use-media-query.ts";
import { ApprovalControls } from "./approval-controls.tsx";

export interface ReviewTableProps {
  review: ReviewDetail;
  canApprove: boolean;
  /** The key whose cell is being edited: its row stays mounted while scrolled away. */
  editingKeyId: string | null;
  onSetApproval: (keyId: string, language: string, state: Approval["state"], comment?: string) => void;
  /** Takes a key out of the review; absent without the right to. */
  onRemoveKey?: ((keyId: string, key: string) => void) | undefined;
  /** Beside each key's name: what another feature shows of the key (the screenshots' camera). */
  KeyNote?:
    | ComponentType<{ projectId: string; keyId: string; keyName: string; showActions: boolean }>
    | undefined;
}

const ROW_ESTIMATE = 96;
/** Room per language column (rem): 'Approve' and 'Needs changes' fit one above the other. */
const COLUMN_MIN_REM = 10;
const KEY_COLUMN_REM = 10;

/**
 * The review's key/translation table (spec point 2): a column per project language, source first.
 * Each cell is the Overview's cell (edit, copy, translate, history) with the review's verdict under
 * it. Rows are virtualized, so a review of thousands of keys stays smooth. Below 768 px it shows one
 * language at a time, picked above the table, under each key (issue 19), below the source text
 * (issue 34); wider, the columns share
 * the width and scroll sideways only past what fits (more than four languages on a laptop).
 */
export function ReviewTable({
  review,
  canApprove,
  editingKeyId,
  onSetApproval,
  onRemoveKey,
  KeyNote,
}: ReviewTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeRow, setActiveRow] = useState<string | null>(null);
  const [pinnedRow, setPinnedRow] = useState<string | null>(null);
  const source = review.sourceLanguage;
  const columns = useMemo(
    () =>
      [source, ...review.languages.filter((code) => code !== source)].map((code) => ({
        code,
        label: languageName(code),
      })),
    [review.languages, source],
  );
  const narrow = useMediaQuery(BELOW_MD_QUERY);
  // The first translation is what a reviewer reads first; the source is one choice among the rest.
  const [picked, setPicked] = useState(
    () => columns.find((column) => column.code !== source)?.code ?? source,
  );
  const shownCode = columns.some((column) => column.code === picked) ? picked : source;
  // On a phone the source text stays above the translation picked (issue 34): a reviewer reads both.
  const shown = narrow
    ? columns.filter((column) => column.code === shownCode || column.code === source)
    : columns;
  const sourceLabel = `${languageName(source)} (source)`;
  const labels = {
    "--source-label": JSON.stringify(sourceLabel),
    "--shown-label": JSON.stringify(languageName(shownCode)),
  } as CSSProperties;
  const pickerId = useId();
  const rows = review.keys;
  const editingIndex = useMemo(
    () => (editingKeyId ? rows.findIndex((row) => row.id === editingKeyId) : -1),
    [rows, editingKeyId],
  );
  const rangeExtractor = useKeepRowMounted(editingIndex);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 6,
    rangeExtractor,
  });

  return (
    <div className="flex flex-col overflow-hidden rounded-lg border border-border bg-background">
      {narrow ? (
        <div className="flex items-center gap-2 border-b border-border bg-surface px-3 py-2">
          <label htmlFor={pickerId} className="shrink-0 text-xs font-medium text-muted">
            Language shown
          </label>
          <NativeSelect id={pickerId} value={shownCode} onChange={(event) => setPicked(event.target.value)}>
            {columns.map((column) => (
              <option key={column.code} value={column.code}>
                {column.label}
                {column.code === source ? " (source)" : ""}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <div
        ref={scrollRef}
        className="relative max-h-[calc(100vh-24rem)] min-h-64 overflow-auto"
        style={narrow ? labels : undefined}
      >
        <table
          aria-label="Review keys"
          aria-rowcount={rows.length + 1}
          className="grid w-full"
          style={narrow ? undefined : { minWidth: `${KEY_COLUMN_REM + columns.length * COLUMN_MIN_REM}rem` }}
        >
          <thead
            className={cn("sticky top-0 z-10 grid border-b border-border bg-surface", narrow && "sr-only")}
          >
            <tr className="flex w-full items-center text-left text-xs font-medium text-muted">
              <th scope="col" className="w-40 shrink-0 px-3 py-2 font-medium">
                Key
              </th>
              {shown.map((column) => (
                <th key={column.code} scope="col" className="flex-1 basis-0 px-4 py-2 font-medium">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const sourceValue = row.strings[source]?.value ?? "";
              const showActions = activeRow === row.id || pinnedRow === row.id;
              return (
                <tr
                  key={item.key}
                  data-index={item.index}
                  data-key={row.key}
                  ref={virtualizer.measureElement}
                  aria-rowindex={item.index + 2}
                  className={cn(
                    "group/row absolute top-0 left-0 flex w-full gap-2 border-b border-border px-1 hover:bg-surface/60",
                    narrow
                      ? [
                          "flex-col items-stretch gap-0 py-1",
                          // Each text under its language's name: the source, then the one picked.
                          "[&>td]:before:text-xs [&>td]:before:text-muted",
                          "[&>td:nth-child(2)]:before:content-(--source-label) [&>td:nth-child(3)]:before:content-(--shown-label)",
                        ]
                      : "items-start",
                  )}
                  style={{ transform: `translateY(${item.start}px)` }}
                  onPointerMove={() => setActiveRow(row.id)}
                  onFocus={() => setActiveRow(row.id)}
                >
                  <th
                    scope="row"
                    className={cn(
                      "flex shrink-0 items-start gap-1 px-2 py-2 text-left font-mono text-xs leading-5 font-normal",
                      narrow ? "w-full pb-0" : "w-40",
                    )}
                  >
                    <span className="min-w-0 flex-1 break-all">{row.key}</span>
                    {KeyNote ? (
                      <KeyNote
                        projectId={review.projectId}
                        keyId={row.id}
                        keyName={row.key}
                        showActions={showActions}
                      />
                    ) : null}
                    {onRemoveKey ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-6 opacity-0 transition-opacity group-hover/row:opacity-100 focus-visible:opacity-100"
                        aria-label={`Remove ${row.key} from the review`}
                        title="Remove from the review"
                        onClick={() => onRemoveKey(row.id, row.key)}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    ) : null}
                  </th>
                  {shown.map((column) => {
                    const cell = row.strings[column.code];
                    const label = `${column.label} of ${row.key}`;
                    // Beside a translation on a phone the source is there to read; its verdict is
                    // given with the source picked, as one language among the rest.
                    const reference = narrow && column.code === source && shownCode !== source;
                    return (
                      <ValueCell
                        key={column.code}
                        projectId={review.projectId}
                        row={row}
                        language={column.code}
                        languageLabel={column.label}
                        sourceValue={column.code === source ? undefined : sourceValue}
                        sourceLanguage={source}
                        showActions={showActions}
                        onPin={setPinnedRow}
                        note={
                          reference ? undefined : (
                            <ApprovalControls
                              cellLabel={label}
                              approval={row.approvals[column.code]}
                              disabled={!canApprove}
                              empty={(cell?.value ?? "") === ""}
                              onSet={(state, comment) => onSetApproval(row.id, column.code, state, comment)}
                            />
                          )
                        }
                      />
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="border-t border-border bg-surface px-3 py-1.5 text-xs text-muted">
        {rows.length.toLocaleString("en")} {rows.length === 1 ? "key" : "keys"} in this review
      </div>
    </div>
  );
}
