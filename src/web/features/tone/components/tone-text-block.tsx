import { useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";

export interface ToneTextBlockProps {
  title: string;
  description: string;
  placeholder: string;
  /** The stored text; null when nothing is written. */
  value: string | null;
  /** May change it (canEditTone): an editor; otherwise the saved text, read-only. */
  canEdit: boolean;
  /** The saved tone has loaded: before that nothing is saved from here or said to be unset. */
  loaded: boolean;
  saving: boolean;
  /** Saves the trimmed text, or null when it is empty. */
  onSave: (value: string | null) => void;
}

/**
 * 'Product Context' or 'Brand Tone': for who may edit it, a text saved with Ctrl+Enter or the Save
 * button; for everyone else the saved text as text (issue 19: an empty textarea with a prompt looked
 * editable to reviewers).
 */
export function ToneTextBlock({
  title,
  description,
  placeholder,
  value,
  canEdit,
  loaded,
  saving,
  onSave,
}: ToneTextBlockProps) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? "");
  useEffect(() => setDraft(value ?? ""), [value]);
  const trimmed = draft.trim();
  const dirty = (trimmed === "" ? null : trimmed) !== value;

  function save() {
    if (!canEdit || !loaded || !dirty || saving) return;
    onSave(trimmed === "" ? null : trimmed);
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 p-5">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted">{description}</p>
      </div>
      {canEdit ? (
        <Textarea
          aria-labelledby={`${id}-title`}
          rows={6}
          placeholder={placeholder}
          value={draft}
          readOnly={!loaded}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              save();
            }
          }}
        />
      ) : loaded ? (
        <ReadOnlyText text={value} />
      ) : null}
      {canEdit && loaded ? (
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted">Ctrl+Enter to save</span>
          <Button size="sm" onClick={save} disabled={!dirty} loading={saving}>
            Save
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** Saved tone as a reader sees it; "Not set yet" where nothing is written. */
export function ReadOnlyText({ text, empty = "Not set yet" }: { text: string | null; empty?: string }) {
  if (text === null || text.trim() === "") return <p className="text-sm text-muted italic">{empty}</p>;
  return <p className="text-sm whitespace-pre-wrap break-words text-foreground">{text}</p>;
}
