import { describe, expect, it } from "vitest";
import {
  deriveTierPlans,
  displayAmount,
  displayPrice,
  hasCurrentSubscription,
  hasPaidPlans,
  type PlanProduct,
  priceForInterval,
  seatsText,
  subscriptionDateLabel,
  subscriptionDates,
  subscriptionLabel,
  subscriptionStatusText,
  yearlySaving,
} from "./plans.ts";

const product = (
  id: string,
  tier: PlanProduct["tier"],
  prices: PlanProduct["prices"],
  description: string | null = `${id} description`,
): PlanProduct => ({ id, name: id, description, tier, prices });

const price = (id: string, amount: number, interval: "month" | "year", currency = "usd") => ({
  id,
  amount,
  currency,
  interval,
  amountType: amount === 0 ? ("free" as const) : ("fixed" as const),
});

describe("displayPrice (spec point 9)", () => {
  it("divides by 100 with two decimals, '$' for USD, the code otherwise, then the interval", () => {
    expect(displayPrice(price("p", 2900, "month"))).toBe("$29.00/month");
    expect(displayPrice(price("p", 29050, "year", "USD"))).toBe("$290.50/year");
    expect(displayPrice(price("p", 1999, "month", "eur"))).toBe("EUR 19.99/month");
    expect(displayPrice(price("p", 0, "month"))).toBe("Free");
  });

  it("writes an amount alone the same way (a yearly saving)", () => {
    expect(displayAmount(5800, "usd")).toBe("$58.00");
    expect(displayAmount(123456, "eur")).toBe("EUR 1234.56");
  });
});

describe("deriveTierPlans (spec point 3)", () => {
  it("orders team, enterprise and (only when asked) free, whatever the provider's order", () => {
    const products = [
      product("free", "free", [price("f", 0, "month")]),
      product("ent", "enterprise", [price("em", 9900, "month")]),
      product("team", "team", [price("tm", 2900, "month"), price("ty", 29000, "year")]),
    ];
    expect(deriveTierPlans(products).map((p) => p.tierName)).toEqual(["Team", "Enterprise"]);
    expect(deriveTierPlans(products, { includeFree: true }).map((p) => p.tierName)).toEqual([
      "Team",
      "Enterprise",
      "Free",
    ]);
  });

  it("takes the monthly product's description, else the yearly one's, and the first price per interval", () => {
    const plans = deriveTierPlans([
      product("team-year", "team", [price("ty", 29000, "year")], "Yearly text"),
      product("team-month", "team", [price("tm", 2900, "month"), price("tm2", 3900, "month")], null),
      product("team-month-2", "team", [price("tm3", 4900, "month")], "Second monthly"),
    ]);
    expect(plans).toEqual([
      {
        tier: "team",
        tierName: "Team",
        description: "Yearly text",
        currency: "usd",
        monthlyPriceId: "tm",
        monthlyDisplayPrice: "$29.00/month",
        monthlyAmount: 2900,
        monthlyProductId: "team-month",
        yearlyPriceId: "ty",
        yearlyDisplayPrice: "$290.00/year",
        yearlyAmount: 29000,
        yearlyProductId: "team-year",
      },
    ]);
  });

  it("leaves out tiers without prices and knows when nothing paid is left", () => {
    const plans = deriveTierPlans([product("team", "team", [])], { includeFree: true });
    expect(plans).toEqual([]);
    expect(hasPaidPlans(plans)).toBe(false);
    const free = deriveTierPlans([product("free", "free", [price("f", 0, "month")])], { includeFree: true });
    expect(hasPaidPlans(free)).toBe(false);
  });
});

describe("yearlySaving (spec point 9)", () => {
  it("shows for team and enterprise when twelve months cost more than a year", () => {
    const [team] = deriveTierPlans([
      product("t", "team", [price("m", 2900, "month"), price("y", 29000, "year")]),
    ]);
    expect(team && yearlySaving(team)).toEqual({ amount: 5800, percent: 17 });
    const [even] = deriveTierPlans([
      product("t", "team", [price("m", 1000, "month"), price("y", 12000, "year")]),
    ]);
    expect(even && yearlySaving(even)).toBeNull();
    const [free] = deriveTierPlans([product("f", "free", [price("m", 0, "month"), price("y", 0, "year")])], {
      includeFree: true,
    });
    expect(free && yearlySaving(free)).toBeNull();
  });
});

describe("subscription labels (spec point 4)", () => {
  it("says 'Cancelled' for an active subscription ending at the period's end, else the status", () => {
    expect(subscriptionLabel({ status: "active", cancelAtPeriodEnd: true })).toBe("Cancelled");
    expect(subscriptionLabel({ status: "active", cancelAtPeriodEnd: false })).toBe("active");
    expect(subscriptionLabel({ status: "trialing", cancelAtPeriodEnd: true })).toBe("trialing");
  });

  it("says 'Renews on' while active and not cancelling, else 'Expires on'", () => {
    expect(subscriptionDateLabel({ status: "active", cancelAtPeriodEnd: false })).toBe("Renews on");
    expect(subscriptionDateLabel({ status: "active", cancelAtPeriodEnd: true })).toBe("Expires on");
    expect(subscriptionDateLabel({ status: "past_due", cancelAtPeriodEnd: false })).toBe("Expires on");
  });

  it("counts an ended subscription as absent", () => {
    expect(hasCurrentSubscription(null)).toBe(false);
    expect(hasCurrentSubscription({ status: "canceled" })).toBe(false);
    expect(hasCurrentSubscription({ status: "incomplete_expired" })).toBe(false);
    expect(hasCurrentSubscription({ status: "trialing" })).toBe(true);
  });
});

describe("priceForInterval", () => {
  it("answers the interval's price id, product id and display price, or null when there is none", () => {
    const [team] = deriveTierPlans([
      product("team", "team", [price("tm", 2900, "month"), price("ty", 29000, "year")]),
    ]);
    if (!team) throw new Error("no plan");
    expect(priceForInterval(team, "month")).toEqual({
      priceId: "tm",
      productId: "team",
      displayPrice: "$29.00/month",
      amount: 2900,
    });
    expect(priceForInterval(team, "year")?.displayPrice).toBe("$290.00/year");
    const [monthlyOnly] = deriveTierPlans([product("team", "team", [price("tm", 2900, "month")])]);
    if (!monthlyOnly) throw new Error("no plan");
    expect(priceForInterval(monthlyOnly, "year")).toBeNull();
    expect(priceForInterval({ ...team, monthlyProductId: null }, "month")).toBeNull();
  });
});

describe("the 'Your plan' texts", () => {
  const subscription = {
    status: "active" as const,
    cancelAtPeriodEnd: false,
    renewalDate: "2026-05-01T10:00:00.000Z",
    trialEnd: null,
  };

  it("shows the status capitalised, 'Cancelled' as it is", () => {
    expect(subscriptionStatusText(subscription)).toBe("Active");
    expect(subscriptionStatusText({ ...subscription, cancelAtPeriodEnd: true })).toBe("Cancelled");
    expect(subscriptionStatusText({ ...subscription, status: "past_due" })).toBe("Past due");
    expect(subscriptionStatusText({ ...subscription, status: "trialing" })).toBe("Trialing");
  });

  it("dates: 'Renews on', 'Expires on', and a trial's end said once", () => {
    expect(subscriptionDates(subscription)).toEqual([{ label: "Renews on", date: subscription.renewalDate }]);
    expect(subscriptionDates({ ...subscription, cancelAtPeriodEnd: true })).toEqual([
      { label: "Expires on", date: subscription.renewalDate },
    ]);
    expect(
      subscriptionDates({
        ...subscription,
        status: "trialing",
        trialEnd: "2026-05-01T10:00:00.000Z",
      }),
    ).toEqual([{ label: "Trial ends on", date: "2026-05-01T10:00:00.000Z" }]);
    expect(
      subscriptionDates({ ...subscription, status: "trialing", trialEnd: "2026-04-15T10:00:00.000Z" }),
    ).toEqual([
      { label: "Trial ends on", date: "2026-04-15T10:00:00.000Z" },
      { label: "Expires on", date: subscription.renewalDate },
    ]);
    expect(subscriptionDates({ ...subscription, renewalDate: null })).toEqual([]);
  });

  it("counts seats", () => {
    expect(seatsText(1)).toBe("1 seat");
    expect(seatsText(2)).toBe("2 seats");
  });
});
