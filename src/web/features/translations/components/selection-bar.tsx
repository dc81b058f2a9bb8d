import { ClipboardCheck, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

/** Shown while keys are selected (spec point 2): Deselect, and Review (reviews come in a later issue). */
export function SelectionBar({ count, onDeselect }: { count: number; onDeselect: () => void }) {
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
        <Button size="sm" disabled title="Reviews come in a later version">
          <ClipboardCheck aria-hidden="true" />
          Review
        </Button>
      </div>
    </section>
  );
}
