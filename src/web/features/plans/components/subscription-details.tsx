import {
  seatsText,
  subscriptionDates,
  subscriptionLabel,
  subscriptionStatusText,
} from "../../../../shared/plans.ts";
import type { Subscription } from "../../../../shared/schemas/billing.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { portalErrorMessage, useOpenPortal } from "../api/open-portal.ts";
import { redirectTo } from "../redirect.ts";
import { OwnerOnlyNote } from "./billing-notes.tsx";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

/** A date of the provider (ISO) as the reader's locale writes it. */
export function formatBillingDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** States that need the owner's attention are shown in the warning colour. */
const HEALTHY_LABELS = new Set(["active", "trialing"]);

export interface SubscriptionDetailsProps {
  teamId: string;
  subscription: Subscription;
  /** The owner (permissions.ts `team.manageBilling`) gets Manage; others a note. */
  canManage: boolean;
}

/**
 * A present subscription (spec point 4): product, status label ('Cancelled' when it ends at the
 * period's end), 'Renews on' / 'Expires on', the trial's end, the paid seats, and Manage, which opens
 * the provider's billing portal and comes back to this page (spec point 7).
 */
export function SubscriptionDetails({ teamId, subscription, canManage }: SubscriptionDetailsProps) {
  const portal = useOpenPortal(teamId);
  const healthy = HEALTHY_LABELS.has(subscriptionLabel(subscription));
  // Busy from the click until the browser has left for the portal.
  const leaving = portal.isPending || portal.isSuccess;

  const manage = () =>
    portal.mutate(
      { returnUrl: window.location.href },
      { onSuccess: ({ portalUrl }) => redirectTo(portalUrl) },
    );

  return (
    <Card className="flex flex-col gap-4 p-5 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold">{subscription.productName ?? "Subscription"}</h3>
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs font-medium",
                healthy ? "bg-brand-50 text-brand-700" : "bg-danger-soft text-danger-hover",
              )}
            >
              {subscriptionStatusText(subscription)}
            </span>
          </div>
          <ul className="flex flex-col gap-1 text-sm text-muted">
            {subscriptionDates(subscription).map(({ label, date }) => (
              <li key={label}>
                {`${label} `}
                <time dateTime={date} className="font-medium text-foreground">
                  {formatBillingDate(date)}
                </time>
              </li>
            ))}
            <li>{`${seatsText(subscription.seats)} paid`}</li>
          </ul>
        </div>
        {canManage ? (
          <Button variant="outline" loading={leaving} onClick={manage}>
            Manage
          </Button>
        ) : (
          <OwnerOnlyNote text="Only the team owner can manage billing." />
        )}
      </div>
      {portal.isError ? (
        <p role="alert" className="text-sm text-danger">
          {portalErrorMessage(portal.error)}
        </p>
      ) : null}
    </Card>
  );
}
