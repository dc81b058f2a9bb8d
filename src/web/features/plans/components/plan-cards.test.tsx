import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BILLING_ERRORS,
  BILLING_NOT_CONFIGURED_NOTICE,
  type BillingPlans,
  type CheckoutAnswer,
} from "../../../../shared/schemas/billing.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { failure, refusal, unexpectedAnswer } from "../../../test/mock-api.ts";
import { redirectTo } from "../redirect.ts";
import {
  CONFIGURED_PLANS,
  changes,
  deferred,
  FREE_PLAN,
  mockBillingApi,
  team,
  testQueryClient,
} from "../test-fixtures.ts";
import { OWNER_ONLY_NOTE } from "./billing-notes.tsx";
import { PlanCards } from "./plan-cards.tsx";

vi.mock("../redirect.ts", () => ({ redirectTo: vi.fn() }));

function setup(selected: TeamSummary | null, props: { onLeaving?: () => void; debug?: boolean } = {}) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PlanCards
        team={selected}
        debug={props.debug ?? false}
        {...(props.onLeaving ? { onLeaving: props.onLeaving } : {})}
      />
    </QueryClientProvider>,
  );
  return { user };
}

const card = (name: string) => {
  const heading = screen.getByRole("heading", { name });
  return within(heading.closest("section") as HTMLElement);
};

afterEach(() => {
  cleanup();
  vi.mocked(redirectTo).mockClear();
});

describe("PlanCards: loading, loaded or error", () => {
  it("shows the loading state, then the tiers in the server's order, fading in", async () => {
    const answer = deferred<BillingPlans>();
    mockBillingApi({ plans: () => answer.promise });
    setup(team("owner"));
    expect(screen.getByRole("status").textContent).toBe("Loading plans");
    answer.resolve(CONFIGURED_PLANS);
    const headings = await screen.findAllByRole("heading");
    expect(headings.map((h) => h.textContent)).toEqual(["Team", "Enterprise"]);
  });

  it("fades the cards in about 50 ms after loading ends (no transition with reduced motion)", async () => {
    mockBillingApi();
    const client = testQueryClient();
    client.setQueryData(queryKeys.plans(false), CONFIGURED_PLANS);
    render(
      <QueryClientProvider client={client}>
        <PlanCards team={team("owner")} debug={false} />
      </QueryClientProvider>,
    );
    const container = screen.getByRole("radiogroup", { name: "Billing period" }).parentElement as HTMLElement;
    expect(container.className).toContain("opacity-0");
    expect(container.className).toContain("motion-reduce:transition-none");
    await waitFor(() => expect(container.className).toContain("opacity-100"));
  });

  it("says plainly that billing is off, with nothing to buy", async () => {
    mockBillingApi({ plans: () => ({ configured: false, plans: [] }) });
    setup(team("owner"));
    expect(await screen.findByText(BILLING_NOT_CONFIGURED_NOTICE)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("radiogroup")).toBeNull();
  });

  it("shows the server's message, or 'Failed to load plans'", async () => {
    mockBillingApi({ plans: () => Promise.reject(refusal(404, "not_found", BILLING_ERRORS.noPaidPlans)) });
    setup(team("owner"));
    expect((await screen.findByRole("alert")).textContent).toBe("No paid plans found.");
    cleanup();

    mockBillingApi({
      plans: () => Promise.reject(refusal(502, "upstream_failed", BILLING_ERRORS.invalidProductData)),
    });
    setup(team("owner"));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid product data");
    cleanup();

    mockBillingApi({ plans: () => Promise.reject(failure(400)) });
    setup(team("owner"));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load plans");
  });

  it("says 'No paid plans found.' when only free plans come back", async () => {
    mockBillingApi({ plans: () => ({ configured: true, plans: [FREE_PLAN] }) });
    setup(team("owner"));
    expect((await screen.findByRole("alert")).textContent).toBe("No paid plans found.");
  });
});

describe("PlanCards: Monthly / Yearly", () => {
  it("switches the prices and shows the yearly saving only where twelve months cost more", async () => {
    mockBillingApi();
    const { user } = setup(team("owner"));
    await screen.findByRole("heading", { name: "Team" });
    expect(card("Team").getByText("$29.00/month")).toBeTruthy();
    expect(card("Enterprise").getByText("$99.00/month")).toBeTruthy();
    expect(screen.queryByText(/^Save /)).toBeNull();
    expect(screen.getByRole("radio", { name: "Monthly" }).getAttribute("aria-checked")).toBe("true");

    await user.click(screen.getByRole("radio", { name: "Yearly" }));
    expect(screen.getByRole("radio", { name: "Yearly" }).getAttribute("aria-checked")).toBe("true");
    expect(card("Team").getByText("$290.00/year")).toBeTruthy();
    expect(card("Team").getByText("Save $58.00 a year (17%)")).toBeTruthy();
    expect(card("Enterprise").getByText("$1188.00/year")).toBeTruthy();
    expect(card("Enterprise").queryByText(/^Save /)).toBeNull();
  });

  it("shows free plans only in the debug block, without a purchase", async () => {
    const calls = mockBillingApi({
      plans: () => ({ ...CONFIGURED_PLANS, plans: [...CONFIGURED_PLANS.plans, FREE_PLAN] }),
    });
    setup(team("owner"), { debug: true });
    const block = await screen.findByRole("region", { name: "Debug: free plans" });
    expect(within(block).getByRole("heading", { name: "Free" })).toBeTruthy();
    expect(within(block).getByText("Free", { selector: "p" })).toBeTruthy();
    expect(within(block).queryByRole("button")).toBeNull();
    expect(calls[0]).toEqual({ procedure: "billing.plans", input: { query: { includeFree: "true" } } });
  });
});

describe("PlanCards: purchase", () => {
  it("creates the checkout for the chosen price (only that button busy), then leaves for it", async () => {
    const answer = deferred<CheckoutAnswer>();
    const calls = mockBillingApi({ checkout: () => answer.promise });
    const onLeaving = vi.fn();
    const { user } = setup(team("owner"), { onLeaving });
    await screen.findByRole("heading", { name: "Team" });
    await user.click(screen.getByRole("radio", { name: "Yearly" }));
    await user.click(card("Team").getByRole("button", { name: "Choose Team" }));

    const buying = card("Team").getByRole("button", { name: "Choose Team" });
    expect(buying.getAttribute("aria-busy")).toBe("true");
    expect((buying as HTMLButtonElement).disabled).toBe(true);
    const other = card("Enterprise").getByRole("button", { name: "Choose Enterprise" });
    expect(other.getAttribute("aria-busy")).toBeNull();
    expect(changes(calls)).toEqual([
      {
        procedure: "billing.checkout",
        input: { params: { teamId: "t1" }, body: { priceId: "price_team_year", productId: "prod_team" } },
      },
    ]);
    expect(redirectTo).not.toHaveBeenCalled();

    answer.resolve({ checkoutUrl: "https://checkout.stripe.test/c/pay/cs_9" });
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith("https://checkout.stripe.test/c/pay/cs_9"));
    expect(onLeaving).toHaveBeenCalledOnce();
    // Still busy while the browser leaves.
    expect(card("Team").getByRole("button", { name: "Choose Team" }).getAttribute("aria-busy")).toBe("true");
  });

  it("shows the server's message in the card, and the button is idle again", async () => {
    mockBillingApi({
      checkout: () => Promise.reject(refusal(409, "conflict", BILLING_ERRORS.alreadySubscribed)),
    });
    const { user } = setup(team("owner"));
    await screen.findByRole("heading", { name: "Team" });
    await user.click(card("Enterprise").getByRole("button", { name: "Choose Enterprise" }));
    expect((await card("Enterprise").findByRole("alert")).textContent).toBe(BILLING_ERRORS.alreadySubscribed);
    expect(card("Team").queryByRole("alert")).toBeNull();
    const button = card("Enterprise").getByRole("button", { name: "Choose Enterprise" });
    expect(button.getAttribute("aria-busy")).toBeNull();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it("says the checkout URL is missing, or falls back to 'Failed to start checkout process.'", async () => {
    // The client refuses an answer without checkoutUrl (`{}`) as not what the contract says.
    let next: () => Promise<CheckoutAnswer> = () => Promise.reject(unexpectedAnswer());
    mockBillingApi({ checkout: () => next() });
    const { user } = setup(team("owner"));
    await screen.findByRole("heading", { name: "Team" });
    const choose = () => card("Team").getByRole("button", { name: "Choose Team" });
    await user.click(choose());
    expect((await card("Team").findByRole("alert")).textContent).toBe(
      "Checkout URL not received from function.",
    );

    next = async () => ({ checkoutUrl: "" });
    await user.click(choose());
    await waitFor(() =>
      expect(card("Team").getByRole("alert").textContent).toBe("Checkout URL not received from function."),
    );

    next = () => Promise.reject(failure(500));
    await user.click(choose());
    await waitFor(() =>
      expect(card("Team").getByRole("alert").textContent).toBe("Failed to start checkout process."),
    );
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it("needs a team: without one, 'Cannot initiate purchase. Missing required information.'", async () => {
    const calls = mockBillingApi();
    const { user } = setup(null);
    await screen.findByRole("heading", { name: "Team" });
    await user.click(card("Team").getByRole("button", { name: "Choose Team" }));
    expect(card("Team").getByRole("alert").textContent).toBe(BILLING_ERRORS.missingPurchaseInfo);
    expect(changes(calls)).toEqual([]);
  });

  it("shows the plans read-only to anyone but the owner", async () => {
    for (const role of ["admin", "reviewer"] as const) {
      mockBillingApi();
      setup(team(role));
      await screen.findByRole("heading", { name: "Team" });
      expect(screen.getByText("$29.00/month")).toBeTruthy();
      expect(screen.queryByRole("button", { name: /^Choose/ })).toBeNull();
      expect(screen.getByText(OWNER_ONLY_NOTE)).toBeTruthy();
      cleanup();
    }
  });
});
