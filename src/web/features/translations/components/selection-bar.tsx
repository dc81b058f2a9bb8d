import { X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { useTranslationExtensions } from "../extensions.tsx";

export interface SelectionBarProps {
  projectId: string;
  selection: ReadonlySet<string>;
  onDeselect: () => void;
}

/** Shown while keys are selected (spec point 2): Deselect, and the page's action (the Overview's Review). */
export function SelectionBar({ projectId, selection, onDeselect }: SelectionBarProps) {
  const { SelectionAction } = useTranslationExtensions();
  const count = selection.size;
  return (
    <section
      aria-label="Selection"
      className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm"
    >
      <span className="font-medium text-brand-700">
        {count.toLocaleString("en")} {count === 1 ? "key" : "keys"} selected
      </span>
      <div className="ml-auto flex gap-2">
        <Button size="sm" variant="outline" onClick={onDeselect}>
          <X aria-hidden="true" />
          Deselect
        </Button>
        {SelectionAction ? (
          <SelectionAction projectId={projectId} keyIds={[...selection]} onDone={onDeselect} />
        ) : null}
      </div>
    </section>
  );
}
