import { useEffect, useState } from "react";
import { can } from "../../../../shared/permissions.ts";
import { priceForInterval, yearlySaving } from "../../../../shared/plans.ts";
import {
  BILLING_ERRORS,
  type BillingInterval,
  type Tier,
  type TierPlan,
} from "../../../../shared/schemas/billing.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { checkoutErrorMessage, useCreateCheckout } from "../api/create-checkout.ts";
import { usePlans } from "../api/get-plans.ts";
import { redirectTo } from "../redirect.ts";
import { BillingNotConfigured, OwnerOnlyNote } from "./billing-notes.tsx";
import { TierPlanCard } from "./tier-plan-card.tsx";

const INTERVAL_OPTIONS: { value: BillingInterval; label: string }[] = [
  { value: "month", label: "Monthly" },
  { value: "year", label: "Yearly" },
];

/** Spec point 9: the cards fade in 50 ms after loading ends. */
export const FADE_IN_DELAY_MS = 50;

/** Free plans are only shown in a debug block (spec point 9): opened with ?debug=1 in the address. */
function debugRequested(): boolean {
  return typeof window !== "undefined" && new URLSearchParams(window.location.search).get("debug") === "1";
}

/** True 50 ms after `ready` turns true (the fade-in's start). */
function useFadeIn(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setShown(true), FADE_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  return shown;
}

export interface PlanCardsProps {
  /** The team a purchase is for; null: none (a purchase then says what is missing, spec point 5). */
  team: TeamSummary | null;
  /** h2 on /choose-plan, h3 under the 'Your plan' heading. */
  tierHeading?: "h2" | "h3";
  /** Runs right before the browser leaves for the checkout (onboarding ends there). */
  onLeaving?: () => void;
  /** Shows free plans in a debug block; by default when the address has ?debug=1. */
  debug?: boolean;
}

/**
 * The tier plans with the Monthly/Yearly switch and a purchase action per tier (spec points 2 and 4):
 * loading, then loaded or error; idle, then checkout-creating for one price, then the provider's
 * checkout or an error. Only the team owner buys (permissions.ts `team.manageBilling`); others see
 * the plans read-only. Without billing configured there is nothing to buy, and it says so.
 */
export function PlanCards({ team, tierHeading = "h2", onLeaving, debug = debugRequested() }: PlanCardsProps) {
  const plans = usePlans(debug);
  const checkout = useCreateCheckout(team?.id ?? "");
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  const [failure, setFailure] = useState<{ tier: Tier; message: string } | null>(null);
  const shown = useFadeIn(plans.isSuccess);

  if (plans.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading plans" className="size-5 text-muted" />
      </div>
    );
  }
  if (plans.isError) {
    return (
      <p role="alert" className="text-center text-sm text-danger">
        {errorMessage(plans.error, BILLING_ERRORS.plansFailed)}
      </p>
    );
  }
  if (!plans.data.configured) return <BillingNotConfigured />;

  const paid = plans.data.plans.filter((plan) => plan.tier !== "free");
  const free = plans.data.plans.filter((plan) => plan.tier === "free");
  if (paid.length === 0) {
    return (
      <p role="alert" className="text-center text-sm text-danger">
        {BILLING_ERRORS.noPaidPlans}
      </p>
    );
  }

  // No team yet still shows the buttons: buying then says what is missing (spec point 5).
  const canBuy = team === null || can(team.role, "team.manageBilling");
  /** The price whose checkout is being created, or whose checkout the browser is leaving for. */
  const buying = checkout.isPending || checkout.isSuccess ? (checkout.variables?.priceId ?? null) : null;

  const buy = (plan: TierPlan) => {
    setFailure(null);
    const price = priceForInterval(plan, interval);
    if (!team || !price) {
      setFailure({ tier: plan.tier, message: BILLING_ERRORS.missingPurchaseInfo });
      return;
    }
    checkout.mutate(
      { priceId: price.priceId, productId: price.productId },
      {
        onSuccess: ({ checkoutUrl }) => {
          onLeaving?.();
          redirectTo(checkoutUrl);
        },
        onError: (error) => setFailure({ tier: plan.tier, message: checkoutErrorMessage(error) }),
      },
    );
  };

  const card = (plan: TierPlan, purchasable: boolean) => {
    const price = priceForInterval(plan, interval);
    return (
      <TierPlanCard
        key={plan.tier}
        plan={plan}
        interval={interval}
        price={price}
        saving={yearlySaving(plan)}
        heading={tierHeading}
        purchase={
          purchasable ? { busy: price !== null && buying === price.priceId, onBuy: () => buy(plan) } : null
        }
        error={failure?.tier === plan.tier ? failure.message : null}
      />
    );
  };

  return (
    <div
      className={cn(
        "flex flex-col items-center gap-6 transition-opacity duration-300 motion-reduce:transition-none",
        shown ? "opacity-100" : "opacity-0",
      )}
    >
      <SegmentedControl
        label="Billing period"
        options={INTERVAL_OPTIONS}
        value={interval}
        onChange={setBillingInterval}
      />
      <div className="grid w-full gap-4 sm:grid-cols-2">{paid.map((plan) => card(plan, canBuy))}</div>
      {canBuy ? null : <OwnerOnlyNote />}
      {free.length > 0 ? (
        <section
          aria-label="Debug: free plans"
          className="flex w-full flex-col gap-3 rounded-lg border border-dashed border-border-strong p-4"
        >
          <p className="text-xs font-medium uppercase tracking-wide text-muted">Debug: free plans</p>
          <div className="grid w-full gap-4 sm:grid-cols-2">{free.map((plan) => card(plan, false))}</div>
        </section>
      ) : null}
    </div>
  );
}
