import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import type { Mentionable } from "../../../../shared/schemas/comments.ts";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { cn } from "../../../lib/cn.ts";
import { type ActiveMention, activeMention, insertMention, matchPeople } from "../mention-query.ts";

export interface MentionTextareaProps {
  value: string;
  onChange: (value: string) => void;
  /** A person was picked from the list: their id goes with the comment. */
  onMention: (person: Mentionable) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmit: () => void;
  onCancel?: () => void;
  people: readonly Mentionable[];
  label: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * A comment's text field: typing @ lists the team's members (name or e-mail), arrows choose, Enter
 * or Tab picks (the full name, else the e-mail, is written after the @), Escape closes the list.
 * For screen readers the field (a textbox, which ARIA lets a textarea be) autocompletes from the
 * listbox, and the option being chosen is its active descendant.
 */
export function MentionTextarea({
  value,
  onChange,
  onMention,
  onSubmit,
  onCancel,
  people,
  label,
  placeholder,
  disabled,
  autoFocus,
}: MentionTextareaProps) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<ActiveMention | null>(null);
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !ref.current) return;
    pendingCaret.current = null;
    ref.current.setSelectionRange(caret, caret);
  });
  const [active, setActive] = useState(0);
  const matches = mention ? matchPeople(people, mention.query) : [];
  const open = mention !== null && matches.length > 0;
  const chosen = open ? matches[Math.min(active, matches.length - 1)] : undefined;

  const follow = (text: string, caret: number) => {
    const next = activeMention(text, caret);
    setMention(next);
    if (next?.query !== mention?.query) setActive(0);
  };

  const pick = (person: Mentionable) => {
    const field = ref.current;
    if (!mention || !field) return;
    const next = insertMention(value, mention, field.selectionStart, person);
    // The caret goes after the mention as soon as the new text is in the field (a layout effect,
    // before the next key press: a later frame let fast typing land in the middle of the name).
    pendingCaret.current = next.caret;
    onChange(next.text);
    onMention(person);
    setMention(null);
    field.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
      return;
    }
    if (open && chosen) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((index) => (index + step + matches.length) % matches.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        pick(chosen);
        return;
      }
    }
    if (event.key === "Escape") {
      if (open) {
        // Closes the list only, not the popover around the field.
        event.preventDefault();
        event.stopPropagation();
        setMention(null);
      } else if (onCancel) {
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }
    }
  };

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        rows={3}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        placeholder={placeholder}
        aria-label={label}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={chosen ? `${listId}-${chosen.id}` : undefined}
        maxLength={4000}
        className="min-h-16 resize-y text-sm"
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setMention(null)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Mention a teammate"
        hidden={!open}
        className="absolute inset-x-0 bottom-full z-10 mb-1 max-h-48 overflow-y-auto rounded-md border border-border bg-background p-1 shadow-md"
      >
        {matches.map((person) => (
          <div
            key={person.id}
            tabIndex={-1}
            id={`${listId}-${person.id}`}
            role="option"
            aria-selected={person.id === chosen?.id}
            className={cn(
              "flex cursor-pointer flex-col rounded-sm px-2 py-1 text-sm",
              person.id === chosen?.id && "bg-surface-muted",
            )}
            // Picking on mousedown keeps the focus in the field (a click would blur it first).
            onMouseDown={(event) => {
              event.preventDefault();
              pick(person);
            }}
          >
            <span className="truncate">{person.name || person.email}</span>
            {person.name ? <span className="truncate text-xs text-muted">{person.email}</span> : null}
          </div>
        ))}
      </div>
    </div>
  );
}
