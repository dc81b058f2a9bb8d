import { Info } from "lucide-react";
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
      <Info className="size-3.5" aria-hidden="true" />
      {status.data.notice}
    </p>
  );
}
