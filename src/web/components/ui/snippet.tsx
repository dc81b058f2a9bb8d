import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "./button.tsx";

/** A copy button for a snippet; where the clipboard is refused, the reader selects it by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(`${label} copied to clipboard`);
    } catch {
      toast.error("Could not copy: select the text and press Ctrl+C");
    }
  };
  return (
    <Button variant="ghost" size="sm" className="h-6 px-2" onClick={copy} aria-label={`Copy ${label}`}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

/** A block of code with its caption; `copyable` adds a Copy button. */
export function Snippet({
  label,
  code,
  copyable = false,
}: {
  label: string;
  code: string;
  copyable?: boolean;
}) {
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex min-h-6 items-center justify-between gap-2 text-xs font-medium text-muted">
        {label}
        {copyable ? <CopyButton text={code} label={label} /> : null}
      </figcaption>
      {/* Focusable so that keyboard users can scroll the long lines sideways. */}
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-xs leading-relaxed text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
