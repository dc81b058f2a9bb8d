import { useId } from "react";
import { displayAmount, type IntervalPrice } from "../../../../shared/plans.ts";
import type { BillingInterval, TierPlan } from "../../../../shared/schemas/billing.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";

export const INTERVAL_NAMES: Record<BillingInterval, string> = { month: "monthly", year: "yearly" };

export interface TierPlanCardProps {
  plan: TierPlan;
  interval: BillingInterval;
  /** The tier's price for the interval; null: the tier is not sold per `interval`. */
  price: IntervalPrice | null;
  /** Spec point 9: the yearly saving, shown on the yearly price when there is one. */
  saving: { amount: number; percent: number } | null;
  /** h2 on /choose-plan, h3 under 'Your plan'. */
  heading: "h2" | "h3";
  /** Null: no purchase button (billing is managed by someone else, or a free plan in the debug block). */
  purchase: {
    /** This card's price is being bought (checkout-creating, then the redirect). */
    busy: boolean;
    onBuy: () => void;
  } | null;
  /** The purchase failed: shown under the button. */
  error: string | null;
}

/** One tier plan (spec point 3 "Tier plan"): name, description, price, yearly saving, purchase action. */
export function TierPlanCard({ plan, interval, price, saving, heading, purchase, error }: TierPlanCardProps) {
  const headingId = useId();
  const errorId = useId();
  const Heading = heading;
  return (
    <Card className="flex flex-col gap-4 p-5 shadow-xs">
      <section aria-labelledby={headingId} className="flex flex-1 flex-col gap-4">
        <div className="flex flex-col gap-1">
          <Heading id={headingId} className="text-base font-semibold">
            {plan.tierName}
          </Heading>
          {plan.description ? <p className="text-sm text-muted">{plan.description}</p> : null}
        </div>
        {price ? (
          <div className="flex flex-col gap-1">
            <p className="text-2xl font-semibold tracking-tight">{price.displayPrice}</p>
            {price.displayPrice === "Free" ? null : (
              <p className="text-xs text-muted">Per seat: every team member is a paid seat.</p>
            )}
            {interval === "year" && saving ? (
              <p className="text-sm font-medium text-brand-700">
                {`Save ${displayAmount(saving.amount, plan.currency)} a year (${saving.percent}%)`}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted">{`Not offered ${INTERVAL_NAMES[interval]}.`}</p>
        )}
        {purchase && price ? (
          <Button
            className="mt-auto w-full"
            loading={purchase.busy}
            aria-describedby={error ? errorId : undefined}
            onClick={purchase.onBuy}
          >
            {`Choose ${plan.tierName}`}
          </Button>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </section>
    </Card>
  );
}
