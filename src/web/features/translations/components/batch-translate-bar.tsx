import { CircleCheck, Languages, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { ExpandableLine } from "../../../components/ui/expandable-line.tsx";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { BatchPhase } from "../batch-state.ts";

export interface BatchTranslateBarProps {
  languageLabel: string;
  state: BatchPhase;
  /** The keys a start takes (missing, plus pseudo-localized ones a real AI replaces). */
  toTranslate: number;
  /** The Overview's filters are on: the counts are of the filtered keys. */
  filtered: boolean;
  /** Owner and admin; others see the state without the buttons. */
  canBatchTranslate: boolean;
  onStart: () => void;
  onCancel: () => void;
}

/** Spec point 4: idle (Translate with the missing count), preparing, translating 'x of y', complete. */
export function BatchTranslateBar({
  languageLabel,
  state,
  toTranslate,
  filtered,
  canBatchTranslate,
  onStart,
  onCancel,
}: BatchTranslateBarProps) {
  const cancelButton = canBatchTranslate ? (
    <Button size="sm" variant="outline" onClick={onCancel}>
      <X aria-hidden="true" />
      Cancel
    </Button>
  ) : null;

  let content: React.ReactNode;
  switch (state.phase) {
    case "complete":
      content = (
        <p className="flex items-center gap-2 text-sm text-success">
          <CircleCheck className="size-4" aria-hidden="true" />
          {languageLabel} is complete
        </p>
      );
      break;
    case "idle": {
      const among = filtered ? " among the filtered keys" : "";
      content = (
        <>
          <p className="text-sm text-muted max-sm:min-w-0 max-sm:flex-1">
            <ExpandableLine>
              {state.missing === 0
                ? `Nothing is missing in ${languageLabel}${among}`
                : `${state.missing.toLocaleString("en")} ${state.missing === 1 ? "key is" : "keys are"} missing in ${languageLabel}${among}`}
              {state.pseudo > 0 ? (
                <>
                  {" · "}
                  <span className="font-medium text-warning">
                    {state.pseudo.toLocaleString("en")} pseudo-localized, not translated
                  </span>
                </>
              ) : null}
            </ExpandableLine>
          </p>
          {/* With nothing to take, a start would be a dead end (issue 34). */}
          {canBatchTranslate && toTranslate > 0 ? (
            <Button size="sm" onClick={onStart}>
              <Languages aria-hidden="true" />
              Translate {toTranslate.toLocaleString("en")}{" "}
              {state.missing > 0 ? "missing" : "pseudo-localized"}
            </Button>
          ) : null}
        </>
      );
      break;
    }
    case "preparing":
      content = (
        <>
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner /> Preparing {languageLabel} translation…
          </p>
          {cancelButton}
        </>
      );
      break;
    case "translating": {
      const percent = state.total > 0 ? Math.floor((state.done * 100) / state.total) : 0;
      content = (
        <>
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <p className="shrink-0 text-sm text-foreground" role="status">
              Translating {state.done.toLocaleString("en")} of {state.total.toLocaleString("en")}
            </p>
            <ProgressBar
              label={`${languageLabel} translation progress`}
              value={percent}
              className="w-full max-w-64"
            />
          </div>
          {cancelButton}
        </>
      );
      break;
    }
  }
  return (
    <section
      aria-label={`${languageLabel} batch translation`}
      data-batch-phase={state.phase}
      // One line on a phone (issue 34): the text is cut and opens on demand, the button stays.
      className="flex min-h-10 flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-surface px-3 py-1.5 max-sm:flex-nowrap"
    >
      {content}
    </section>
  );
}
