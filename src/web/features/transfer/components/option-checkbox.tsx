import { useId } from "react";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Label } from "../../../components/ui/label.tsx";

/** A checkbox with its label and a one-line explanation, for the import and export options. */
export function OptionCheckbox({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2.5">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onChange(value === true)}
        className="mt-0.5"
        aria-describedby={`${id}-hint`}
      />
      <div className="flex flex-col">
        <Label htmlFor={id}>{label}</Label>
        <span id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </span>
      </div>
    </div>
  );
}
