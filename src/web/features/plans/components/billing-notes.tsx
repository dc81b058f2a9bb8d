import { Info } from "lucide-react";
import { BILLING_NOT_CONFIGURED_NOTICE } from "../../../../shared/schemas/billing.ts";

/** Only the team owner manages billing (spec point 6); everyone else is told why nothing can be bought. */
export const OWNER_ONLY_NOTE = "Only the team owner can change the plan.";

/** Billing is off (the self-hosted default): said plainly, with nothing to buy (issue 8). */
export function BillingNotConfigured() {
  return (
    <p className="flex items-start gap-2 rounded-md border border-border bg-surface-muted px-4 py-3 text-sm text-foreground">
      <Info className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
      <span>{BILLING_NOT_CONFIGURED_NOTICE}</span>
    </p>
  );
}

export function OwnerOnlyNote({ text = OWNER_ONLY_NOTE }: { text?: string }) {
  return <p className="text-sm text-muted">{text}</p>;
}
