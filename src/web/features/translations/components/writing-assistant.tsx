import { ChevronDown, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import {
  ASSIST_ACTIONS,
  ASSIST_LABELS,
  type AssistAction,
  type AssistAnswer,
} from "../../../../shared/schemas/assist.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useAssistString } from "../api/assist-string.ts";

const WORKING: Record<AssistAction, string> = {
  rephrase: "Rephrasing…",
  shorten: "Shortening…",
  expand: "Expanding…",
  fix_grammar: "Fixing grammar…",
  match_tone: "Matching tone…",
};

/** The toast when an action fails without a message from the server. */
export function assistFailedMessage(action: AssistAction): string {
  return `Failed to ${ASSIST_LABELS[action].toLowerCase()}`;
}

export interface WritingAssistantProps {
  keyId: string;
  /** The project's source language (the assistant works on nothing else). */
  language: string;
  /** The text to work on: the open editor's draft. */
  text: string;
  /** The cell's label ('English of inbox.title'), for accessible names. */
  cellLabel: string;
  /** While the editor saves. */
  disabled?: boolean;
  /** Open the action menu on mount (the cell's sparkles button opened the editor for it). */
  defaultMenuOpen?: boolean;
  /** Puts the accepted suggestion in the editor (saved like any edit, with Enter or Save). */
  onAccept: (suggestion: string) => void;
  /** After Accept or Dismiss: hand the focus back to the editor. */
  onDone?: () => void;
}

/**
 * The writing assistant of a source-language cell (issue 4): Rephrase, Shorten, Expand, Fix grammar,
 * Match tone. The suggestion shows beside the text it was made from, with Accept (into the editor)
 * and Dismiss; nothing is saved until the editor saves. It sits above the textarea; Alt+↑ reaches
 * it from there (Tab and Shift+Tab save and go to the next or previous key).
 */
export function WritingAssistant({
  keyId,
  language,
  text,
  cellLabel,
  disabled,
  defaultMenuOpen,
  onAccept,
  onDone,
}: WritingAssistantProps) {
  const assist = useAssistString();
  const [menuOpen, setMenuOpen] = useState(defaultMenuOpen === true);
  const [result, setResult] = useState<AssistAnswer | null>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const dismissRef = useRef<HTMLButtonElement>(null);
  const empty = text.trim() === "";

  useEffect(() => {
    if (!result) return;
    (acceptRef.current ?? dismissRef.current)?.focus();
  }, [result]);

  const run = (action: AssistAction) => {
    setResult(null);
    assist.mutate(
      { keyId, language, action, text },
      {
        onSuccess: (answer) => setResult(answer),
        onError: (error) => toast.error(errorMessage(error, assistFailedMessage(action))),
      },
    );
  };

  const close = () => {
    setResult(null);
    onDone?.();
  };

  const unchanged = result !== null && result.suggestion === result.original;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-end gap-2">
        {assist.isPending ? (
          <span role="status" className="mr-auto text-xs text-muted italic">
            {WORKING[assist.variables.action]}
          </span>
        ) : null}
        <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
          <DropdownMenuTrigger asChild>
            <Button
              size="sm"
              variant="ghost"
              className="h-6 gap-1 px-2 text-brand-700"
              aria-label={`Writing assistant for ${cellLabel}`}
              title={empty ? "Type some text first" : "Writing assistant"}
              disabled={disabled || empty}
              loading={assist.isPending}
            >
              {assist.isPending ? null : <Sparkles aria-hidden="true" />}
              Assistant
              <ChevronDown aria-hidden="true" className="size-3!" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" aria-label="Writing assistant">
            <DropdownMenuLabel>Writing assistant</DropdownMenuLabel>
            {ASSIST_ACTIONS.map((action) => (
              <DropdownMenuItem key={action} onSelect={() => run(action)}>
                {ASSIST_LABELS[action]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {result ? (
        <section
          aria-label={`${ASSIST_LABELS[result.action]} suggestion`}
          data-assist-suggestion={result.action}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            event.stopPropagation();
            close();
          }}
          className="flex animate-fade-in flex-col gap-2 rounded-md border border-brand-200 bg-brand-50/60 p-2 text-sm"
        >
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="text-[11px] font-medium text-muted">Original</span>
              <p
                data-assist-original
                className="whitespace-pre-wrap break-words rounded bg-background px-2 py-1 text-muted"
              >
                {result.original}
              </p>
            </div>
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="flex items-center gap-1 text-[11px] font-medium text-brand-700">
                <Sparkles aria-hidden="true" className="size-3" />
                {ASSIST_LABELS[result.action]}
              </span>
              <p
                data-assist-value
                className="whitespace-pre-wrap break-words rounded bg-background px-2 py-1 text-foreground"
              >
                {result.suggestion}
              </p>
            </div>
          </div>
          <div className="flex items-center justify-end gap-2">
            {unchanged ? <span className="mr-auto text-xs text-muted">No changes suggested</span> : null}
            <Button ref={dismissRef} size="sm" variant="ghost" className="h-7" onClick={close}>
              Dismiss
            </Button>
            {unchanged ? null : (
              <Button
                ref={acceptRef}
                size="sm"
                className="h-7"
                onClick={() => {
                  onAccept(result.suggestion);
                  close();
                }}
              >
                Accept
              </Button>
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}
