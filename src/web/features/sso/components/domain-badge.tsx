import { CircleAlert, CircleCheck } from "lucide-react";
import { cn } from "../../../lib/cn.ts";

/** Whether the team proved it owns a domain: only then do its addresses sign in through the provider. */
export function DomainBadge({ verified }: { verified: boolean }) {
  const Icon = verified ? CircleCheck : CircleAlert;
  return (
    <span
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
        verified ? "bg-success-soft text-success" : "bg-amber-50 text-warning",
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {verified ? "Verified" : "Not verified"}
    </span>
  );
}
