import { Check, Copy } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "./button.tsx";
import { Input } from "./input.tsx";

export interface SecretShownOnceProps {
  title: string;
  secret: string;
  /** What the secret is called in sentences: "API key", "signing secret". */
  name: string;
  /** The field's accessible name, e.g. "New API key". */
  fieldLabel: string;
  /** Why it must be copied now (the warning under the field). */
  warning: ReactNode;
  onDone: () => void;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A secret the server shows once (an API key, a webhook's signing secret): read-only, selected on
 * focus, a Copy button that falls back to selecting it where the clipboard is refused, then Done.
 */
export function SecretShownOnce({ title, secret, name, fieldLabel, warning, onDone }: SecretShownOnceProps) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(`${capitalized(name)} copied to clipboard`);
    } catch {
      // No clipboard access (e.g. not https): select it so Ctrl+C works.
      input.current?.select();
      toast.error(`Could not copy: the ${name} is selected, press Ctrl+C`);
    }
  };
  return (
    <div role="status" className="flex flex-col gap-2 rounded-md border border-brand-200 bg-brand-50 p-3">
      <p className="text-sm font-medium text-foreground">{title}</p>
      <div className="flex gap-2">
        <Input
          ref={input}
          readOnly
          value={secret}
          aria-label={fieldLabel}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline" onClick={copy} aria-label={`Copy ${name}`}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="text-xs font-medium text-warning">{warning}</p>
      <div>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
