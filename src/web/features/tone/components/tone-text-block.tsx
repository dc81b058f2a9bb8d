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
  canEdit: boolean;
  saving: boolean;
  /** Saves the trimmed text, or null when it is empty. */
  onSave: (value: string | null) => void;
}

/** 'Product Context' or 'Brand Tone': a text saved with Ctrl+Enter or the Save button. */
export function ToneTextBlock({
  title,
  description,
  placeholder,
  value,
  canEdit,
  saving,
  onSave,
}: ToneTextBlockProps) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? "");
  useEffect(() => setDraft(value ?? ""), [value]);
  const trimmed = draft.trim();
  const dirty = (trimmed === "" ? null : trimmed) !== value;

  function save() {
    if (!canEdit || !dirty || saving) return;
    onSave(trimmed === "" ? null : trimmed);
  }

  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <Textarea
        aria-labelledby={`${id}-title`}
        rows={6}
        placeholder={placeholder}
        value={draft}
        readOnly={!canEdit}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            save();
          }
        }}
      />
      {canEdit ? (
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
