import { Library } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import type { MemorySuggestion } from "../../../../shared/schemas/memory.ts";
import { cn } from "../../../lib/cn.ts";
import { useSuggestions } from "../api/get-suggestions.ts";

/** The key, from the cell's textarea, that moves the focus into the suggestions (as in a combobox). */
export const SUGGESTIONS_SHORTCUT = "Alt+ArrowDown";

export interface MemorySuggestionsProps {
  keyId: string;
  /** The language being edited (never the source language). */
  language: string;
  /** Ask only when the key has a source text: without one, nothing can match. */
  enabled: boolean;
  /** While the editor saves or shows someone else's change. */
  disabled?: boolean;
  /** Puts the translation into the editor (saved like any edit, with Enter or Save). */
  onUse: (translation: string) => void;
  /** After a suggestion is used, or on Escape: hand the focus back to the editor. */
  onDone?: () => void;
}

function badgeClass(similarity: number) {
  if (similarity === 100) return "bg-success-soft text-success";
  if (similarity >= 70) return "bg-brand-50 text-brand-700";
  return "bg-surface-muted text-muted";
}

/**
 * Translation memory of the open cell (issue 4): up to 5 translations the team already has for
 * identical or similar source texts, each with its match percentage; one click puts it into the
 * editor. Hidden while loading, on error and when there are none. It renders below the editor so
 * the textarea never moves when the answer arrives; since Tab in the textarea saves, Alt+↓ there
 * moves the focus to the first suggestion, ↑/↓ move between them, Escape goes back.
 */
export function MemorySuggestions({ keyId, language, enabled, ...props }: MemorySuggestionsProps) {
  const query = useSuggestions(keyId, language, enabled);
  if (!enabled || !query.data || query.data.length === 0) return null;
  return <MemorySuggestionList suggestions={query.data} {...props} />;
}

export interface MemorySuggestionListProps {
  suggestions: MemorySuggestion[];
  disabled?: boolean | undefined;
  onUse: (translation: string) => void;
  onDone?: (() => void) | undefined;
}

export function MemorySuggestionList({ suggestions, disabled, onUse, onDone }: MemorySuggestionListProps) {
  const sectionRef = useRef<HTMLElement>(null);

  // Alt+↓ in the cell's textarea (a sibling: both live in the cell) focuses the first suggestion.
  useEffect(() => {
    const cell = sectionRef.current?.parentElement;
    if (!cell) return;
    const listener = (event: globalThis.KeyboardEvent) => {
      if (!(event.target instanceof HTMLTextAreaElement) || !event.altKey || event.key !== "ArrowDown")
        return;
      const first = sectionRef.current?.querySelector<HTMLButtonElement>("button:not(:disabled)");
      if (!first) return;
      event.preventDefault();
      first.focus();
    };
    cell.addEventListener("keydown", listener);
    return () => cell.removeEventListener("keydown", listener);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const buttons = [...(sectionRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape" || (event.key === "ArrowUp" && at === 0)) {
      event.preventDefault();
      event.stopPropagation();
      onDone?.();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next =
        buttons[Math.min(buttons.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))];
      next?.focus();
    }
  };

  return (
    <section
      ref={sectionRef}
      aria-label="Suggestions from translation memory"
      data-memory-suggestions
      onKeyDown={onKeyDown}
      className="flex animate-fade-in flex-col gap-0.5 rounded-md border border-border bg-surface p-1"
    >
      <div className="flex items-center gap-1.5 px-1.5 pt-0.5 text-[11px] font-medium text-muted">
        <Library className="size-3" aria-hidden="true" />
        Suggestions
        <kbd className="ml-auto font-sans font-normal text-muted" title="From the text field: Alt+↓">
          Alt+↓
        </kbd>
      </div>
      <ul className="flex flex-col">
        {suggestions.map((suggestion) => (
          <li key={suggestion.keyId}>
            <button
              type="button"
              disabled={disabled}
              data-memory-suggestion={suggestion.keyId}
              title={`${suggestion.translation}\n\nSource: ${suggestion.source}\nKey: ${suggestion.keyName} (${suggestion.projectName})`}
              onClick={() => {
                onUse(suggestion.translation);
                onDone?.();
              }}
              className="flex w-full items-center gap-2 rounded-sm px-1.5 py-1 text-left transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50"
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span data-memory-translation className="truncate text-sm text-foreground">
                  {suggestion.translation}
                </span>
                <span data-memory-source className="truncate text-[11px] text-muted">
                  {suggestion.source}
                </span>
              </span>
              <span
                data-memory-similarity
                className={cn(
                  "shrink-0 rounded-sm px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap tabular-nums",
                  badgeClass(suggestion.similarity),
                )}
              >
                {suggestion.similarity} %
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
