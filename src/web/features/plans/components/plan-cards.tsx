import { Check } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { type BillingInterval, displayPrice, PLACEHOLDER_PLANS } from "../plan-catalogue.ts";

const INTERVAL_OPTIONS: { value: BillingInterval; label: string }[] = [
  { value: "month", label: "Monthly" },
  { value: "year", label: "Yearly" },
];

/** Tier plan cards with the Monthly/Yearly switch. Purchasing is disabled until billing arrives. */
export function PlanCards() {
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  return (
    <div className="flex flex-col items-center gap-6">
      <SegmentedControl
        label="Billing period"
        options={INTERVAL_OPTIONS}
        value={interval}
        onChange={setBillingInterval}
      />
      <div className="grid w-full gap-4 sm:grid-cols-2">
        {PLACEHOLDER_PLANS.map((plan) => {
          const amount = interval === "month" ? plan.monthlyAmount : plan.yearlyAmount;
          return (
            <Card key={plan.tierName} className="flex flex-col gap-4 p-5 shadow-xs">
              <div className="flex flex-col gap-1">
                <h2 className="text-base font-semibold">{plan.tierName}</h2>
                <p className="text-sm text-muted">{plan.description}</p>
              </div>
              <p className="text-2xl font-semibold tracking-tight">
                {displayPrice(amount, plan.currency, interval)}
              </p>
              <ul className="flex flex-col gap-2 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              <Button className="mt-auto w-full" disabled aria-describedby="billing-soon">
                {`Choose ${plan.tierName}`}
              </Button>
            </Card>
          );
        })}
      </div>
      <p id="billing-soon" className="text-xs text-muted">
        Billing arrives soon: paid plans cannot be bought yet.
      </p>
    </div>
  );
}
