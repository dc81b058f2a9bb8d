import { useId } from "react";
import { CopyButton } from "../../../components/ui/snippet.tsx";

/**
 * A value to paste into the identity provider, named by its legend and copyable. Text, not a
 * field: a long address wraps on a phone instead of hiding its end.
 */
export function CopyValue({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined} className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <div className="flex items-center gap-2 rounded-md border border-border bg-surface-muted px-3 py-1.5">
        <code className="min-w-0 flex-1 font-mono text-xs break-all text-foreground">{value}</code>
        <CopyButton text={value} label={label} />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
