import { TriangleAlert } from "lucide-react";
import { type KeyboardEvent, useLayoutEffect, useRef } from "react";
import { Button } from "../ui/button.tsx";
import { editKeyIntent, type TheirChange } from "./cell-edit.ts";
import { useEnterMovesToNextKey } from "./enter-moves.ts";

export interface CellEditorProps {
  label: string;
  draft: string;
  saving: boolean;
  changed: boolean;
  theirs: TheirChange | undefined;
  /** The key's max length in characters: the editor counts against it (issue 15). */
  maxLength?: number | undefined;
  onChange: (draft: string) => void;
  onSave: () => void;
  /**
   * Tab / Shift+Tab: save, then open the same language's cell of the next (1) or previous (-1) key.
   * Absent (a table that cannot move between keys): Tab and Shift+Tab save and the editor closes.
   */
  onSaveAndMove?: ((step: 1 | -1) => void) | undefined;
  onDiscard: () => void;
  onKeepTheirs: () => void;
  onOverwrite: () => void;
}

/** Grows the textarea with its content (up to a limit; then it scrolls). */
function autosize(element: HTMLTextAreaElement | null) {
  if (!element) return;
  element.style.height = "auto";
  element.style.height = `${Math.min(element.scrollHeight + 2, 320)}px`;
}

/**
 * The open editor of one cell (spec point 4): Enter (without Shift) saves (and goes on to the next
 * key in the "Enter: next key" mode), Tab / Shift+Tab save and go on to the next / previous key
 * (never to the buttons around the text field), Shift+Enter adds a
 * newline, Escape discards (the cell takes the focus back, see ValueCell). Someone else's change
 * shows with 'Keep theirs' / 'Overwrite'.
 */
export function CellEditor({
  label,
  draft,
  saving,
  changed,
  theirs,
  maxLength,
  onChange,
  onSave,
  onSaveAndMove,
  onDiscard,
  onKeepTheirs,
  onOverwrite,
}: CellEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text, which `draft` is
  useLayoutEffect(() => autosize(ref.current), [draft]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const [enterMoves, setEnterMoves] = useEnterMovesToNextKey();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const intent = editKeyIntent({
      key: event.key,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (intent === null) return;
    // Someone else's change is showing: saving waits for 'Keep theirs' or 'Overwrite', and Tab moves
    // on to those buttons instead of being swallowed.
    if (theirs && event.key === "Tab") return;
    event.preventDefault();
    event.stopPropagation();
    if (intent === "discard") onDiscard();
    else if (theirs) return;
    else if (!onSaveAndMove || (intent === "save" && !enterMoves)) onSave();
    else if (intent === "save") onSaveAndMove(1);
    else onSaveAndMove(intent === "save-next" ? 1 : -1);
  };

  return (
    <div className="flex flex-col gap-2">
      <textarea
        ref={ref}
        aria-label={label}
        value={draft}
        rows={1}
        readOnly={saving}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="min-h-9 w-full resize-none rounded-md border border-brand-500 bg-background px-2 py-1.5 text-sm text-foreground shadow-xs ring-3 ring-brand-500/20 outline-none"
      />
      {theirs ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-warning/40 bg-amber-50 p-2 text-xs"
        >
          <p className="flex items-center gap-1.5 font-medium text-foreground">
            <TriangleAlert className="size-3.5 text-warning" aria-hidden="true" />
            {theirs.by ?? "Someone"} changed this while you were editing
          </p>
          <p className="whitespace-pre-wrap break-words rounded bg-background px-2 py-1 text-foreground">
            {theirs.cell.value === "" ? (
              <span className="text-muted italic">(empty)</span>
            ) : (
              theirs.cell.value
            )}
          </p>
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="outline" onClick={onKeepTheirs} disabled={saving}>
              Keep theirs
            </Button>
            <Button size="sm" onClick={onOverwrite} loading={saving}>
              Overwrite
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex items-center justify-end gap-2">
          <span className="mr-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-muted">
            {onSaveAndMove
              ? enterMoves
                ? "Enter or Tab: save, next key · Shift+Enter: new line"
                : "Enter to save · Tab: next key · Shift+Enter: new line"
              : "Enter to save · Shift+Enter for a new line"}
            {onSaveAndMove ? (
              <label className="flex items-center gap-1">
                <input
                  type="checkbox"
                  className="size-3 accent-brand-600"
                  checked={enterMoves}
                  onChange={(event) => {
                    setEnterMoves(event.target.checked);
                    ref.current?.focus();
                  }}
                />
                Enter: next key
              </label>
            ) : null}
          </span>
          {maxLength !== undefined ? <LengthCount length={[...draft].length} max={maxLength} /> : null}
          <Button size="sm" variant="ghost" onClick={onDiscard} disabled={saving}>
            Discard
          </Button>
          <Button size="sm" onClick={onSave} loading={saving} disabled={!changed}>
            Save
          </Button>
        </div>
      )}
    </div>
  );
}

/** Characters against the key's max length; over it, said in words and colour, not blocked. */
function LengthCount({ length, max }: { length: number; max: number }) {
  const over = length > max;
  return (
    <span
      className={over ? "text-[11px] font-medium text-danger" : "text-[11px] text-muted"}
      aria-live="polite"
      title={`Max length: ${max} characters`}
    >
      {over ? `${length - max} over the max of ${max}` : `${length} / ${max}`}
    </span>
  );
}
