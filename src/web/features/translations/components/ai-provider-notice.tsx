import { Info } from "lucide-react";
import { ExpandableLine } from "../../../components/ui/expandable-line.tsx";
import { useAiStatus } from "../api/ai-status.ts";

/** Says plainly when AI answers come from pseudo-localization rather than a real translator. */
export function AiProviderNotice() {
  const status = useAiStatus();
  if (!status.data?.notice) return null;
  return (
    <p
      className="flex items-center gap-2 rounded-md bg-surface-muted px-3 py-1.5 text-xs text-muted"
      role="note"
    >
      <Info className="size-3.5 shrink-0" aria-hidden="true" />
      {/* One line on a phone, opened on demand (issue 34). */}
      <ExpandableLine>{status.data.notice}</ExpandableLine>
    </p>
  );
}
