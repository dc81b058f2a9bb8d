import { History } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { agentDisplayName, type HistoryEntry } from "../../../../shared/schemas/keys.ts";
import type { HistorySlotProps } from "../../../components/cell-editor/cell-services.tsx";
import { MachineBadge } from "../../../components/cell-editor/machine-badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useRestoreString } from "../api/restore-string.ts";
import { useStringHistory } from "../api/string-history.ts";

const ORIGIN_LABELS: Record<HistoryEntry["origin"], string> = {
  person: "Edited",
  import: "Imported",
  api: "Pushed by API",
  ai: "AI translation",
  pseudo: "Pseudo-localization (not a translation)",
  restore: "Restored",
  merge: "Merged from a branch",
};

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** Who wrote a version: a person, a coding agent with a project API key (issue 36), else Sprog itself. */
function authorOf(entry: HistoryEntry): string {
  if (entry.by !== null) return entry.by;
  return entry.agent !== null ? agentDisplayName(entry.agent) : "Sprog";
}

export type HistoryPopoverProps = HistorySlotProps;

/** The versions of one string, newest first, each with who, when and how; older ones can be restored. */
export function HistoryPopover({
  projectId,
  keyId,
  language,
  cellLabel,
  machine,
  onRestored,
  onOpenChange,
}: HistoryPopoverProps) {
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const history = useStringHistory(keyId, language, open);
  const restore = useRestoreString(projectId);

  const onRestore = (entry: HistoryEntry) => {
    restore.mutate(
      { keyId, language, historyId: entry.id },
      {
        onSuccess: () => {
          toast.success("Translation restored");
          setOpen(false);
          onRestored();
        },
        onError: () => toast.error("Failed to update translation"),
      },
    );
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={`History of ${cellLabel}`}
          title="History"
        >
          <History aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="History" className="flex max-h-96 flex-col gap-2 overflow-y-auto">
        <h3 className="text-sm font-semibold">History</h3>
        {history.isPending ? (
          <Spinner label="Loading history" />
        ) : history.isError ? (
          <p className="text-sm text-danger">Failed to load history</p>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted">No changes yet.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border" aria-label="Versions">
            {history.data.map((entry, index) => (
              <li key={entry.id} className="flex flex-col gap-1 py-2" data-version={entry.version}>
                <p className="whitespace-pre-wrap break-words text-sm">
                  {entry.value === null ? <span className="text-muted italic">(deleted)</span> : entry.value}
                </p>
                <div className="flex items-center gap-2 text-xs text-muted">
                  {/* Wraps rather than cuts: the time is what people look for (issue 34: "7:…"). */}
                  <span className="min-w-0 flex-1 break-words">
                    {ORIGIN_LABELS[entry.origin]} by {authorOf(entry)} ·{" "}
                    <time dateTime={entry.createdAt} className="whitespace-nowrap">
                      {formatWhen(entry.createdAt)}
                    </time>
                  </span>
                  {index === 0 ? (
                    <>
                      {/* Still unchecked machine output (issue 19): marked here as in the cell. */}
                      <MachineBadge machine={machine} />
                      <span className="text-[11px] font-medium text-brand-700">Current</span>
                    </>
                  ) : entry.value !== null ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="h-6 px-2"
                      loading={restore.isPending && restore.variables?.historyId === entry.id}
                      disabled={restore.isPending}
                      onClick={() => onRestore(entry)}
                    >
                      Restore
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </PopoverContent>
    </Popover>
  );
}
