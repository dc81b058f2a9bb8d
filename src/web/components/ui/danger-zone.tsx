import { Trash2 } from "lucide-react";
import { useId } from "react";
import { Button } from "./button.tsx";

interface DangerZoneProps {
  /** The heading and the button's label, e.g. "Delete team". */
  action: string;
  description: string;
  onAction: () => void;
}

/** The red-bordered section at the bottom of a settings form for a destructive action. */
export function DangerZone({ action, description, onAction }: DangerZoneProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-danger/30 p-4"
    >
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-sm font-semibold text-danger">
          {action}
        </h3>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <div>
        <Button variant="destructive" onClick={onAction}>
          <Trash2 aria-hidden="true" />
          {action}
        </Button>
      </div>
    </section>
  );
}
