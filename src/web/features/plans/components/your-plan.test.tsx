import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BILLING_ERRORS,
  BILLING_NOT_CONFIGURED_NOTICE,
  type PortalAnswer,
} from "../../../../shared/schemas/billing.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { failure, refusal, unexpectedAnswer } from "../../../test/mock-api.ts";
import { redirectTo } from "../redirect.ts";
import { changes, deferred, mockBillingApi, SUBSCRIPTION, team, testQueryClient } from "../test-fixtures.ts";
import { formatBillingDate } from "./subscription-details.tsx";
import { YourPlan } from "./your-plan.tsx";

vi.mock("../redirect.ts", () => ({ redirectTo: vi.fn() }));

function setup(selected: TeamSummary | null) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <YourPlan team={selected} />
    </QueryClientProvider>,
  );
  return { user };
}

const section = () => within(screen.getByRole("region", { name: "Your plan" }));
const withSubscription = (patch: Partial<typeof SUBSCRIPTION>) => () => ({
  configured: true,
  subscription: { ...SUBSCRIPTION, ...patch },
});

afterEach(() => {
  cleanup();
  vi.mocked(redirectTo).mockClear();
});

describe("Your plan", () => {
  it("is not there without a team", () => {
    mockBillingApi();
    setup(null);
    expect(screen.queryByRole("region", { name: "Your plan" })).toBeNull();
  });

  it("shows the current subscription: product, status, 'Renews on', seats and Manage", async () => {
    mockBillingApi({ subscription: withSubscription({}) });
    setup(team("owner"));
    expect(await section().findByRole("heading", { name: "Sprog Team" })).toBeTruthy();
    expect(section().getByText("Active")).toBeTruthy();
    const renews = section().getByText(/^Renews on/);
    expect(renews.textContent).toBe(`Renews on ${formatBillingDate(SUBSCRIPTION.renewalDate ?? "")}`);
    expect(renews.textContent).toMatch(/2026/);
    expect(section().getByText("3 seats paid")).toBeTruthy();
    expect(section().getByRole("button", { name: "Manage" })).toBeTruthy();
    // Plan management, not plan purchase.
    expect(section().queryByRole("button", { name: /^Choose/ })).toBeNull();
  });

  it("labels a subscription ending at the period's end 'Cancelled', 'Expires on'", async () => {
    mockBillingApi({ subscription: withSubscription({ cancelAtPeriodEnd: true }) });
    setup(team("owner"));
    expect(await section().findByText("Cancelled")).toBeTruthy();
    expect(section().getByText(/^Expires on/)).toBeTruthy();
    expect(section().queryByText(/^Renews on/)).toBeNull();
  });

  it("shows when the trial ends", async () => {
    const trialEnd = "2026-04-15T12:00:00.000Z";
    mockBillingApi({
      subscription: withSubscription({ status: "trialing", trialEnd, renewalDate: trialEnd, seats: 1 }),
    });
    setup(team("owner"));
    expect(await section().findByText("Trialing")).toBeTruthy();
    expect(section().getByText(/^Trial ends on/).textContent).toBe(
      `Trial ends on ${formatBillingDate(trialEnd)}`,
    );
    expect(section().getByText("1 seat paid")).toBeTruthy();
  });

  it("Manage opens the billing portal, returning to the current page", async () => {
    const answer = deferred<PortalAnswer>();
    const calls = mockBillingApi({ subscription: withSubscription({}), portal: () => answer.promise });
    const { user } = setup(team("owner"));
    await user.click(await section().findByRole("button", { name: "Manage" }));
    expect(section().getByRole("button", { name: "Manage" }).getAttribute("aria-busy")).toBe("true");
    expect(changes(calls)).toEqual([
      {
        procedure: "billing.portal",
        input: { params: { teamId: "t1" }, body: { returnUrl: window.location.href } },
      },
    ]);
    answer.resolve({ portalUrl: "https://billing.stripe.test/p/session/bps_7" });
    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith("https://billing.stripe.test/p/session/bps_7"),
    );
  });

  it("shows why the portal did not open", async () => {
    let next: () => Promise<PortalAnswer> = () =>
      Promise.reject(refusal(404, "not_found", BILLING_ERRORS.noSubscription));
    mockBillingApi({ subscription: withSubscription({}), portal: () => next() });
    const { user } = setup(team("owner"));
    const manage = await section().findByRole("button", { name: "Manage" });
    await user.click(manage);
    expect((await section().findByRole("alert")).textContent).toBe(BILLING_ERRORS.noSubscription);
    // The client refuses an answer without portalUrl (`{}`) as not what the contract says.
    next = () => Promise.reject(unexpectedAnswer());
    await user.click(manage);
    await waitFor(() =>
      expect(section().getByRole("alert").textContent).toBe("Portal URL not received from function."),
    );
    next = () => Promise.reject(failure(500));
    await user.click(manage);
    await waitFor(() =>
      expect(section().getByRole("alert").textContent).toBe("Failed to create portal session."),
    );
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it("gives others than the owner no Manage button", async () => {
    mockBillingApi({ subscription: withSubscription({}) });
    setup(team("admin"));
    expect(await section().findByText("Only the team owner can manage billing.")).toBeTruthy();
    expect(section().queryByRole("button", { name: "Manage" })).toBeNull();
  });

  it("offers the plans when the team has no subscription, or one that has ended", async () => {
    mockBillingApi();
    setup(team("owner"));
    expect(await section().findByRole("heading", { name: "Team", level: 3 })).toBeTruthy();
    expect(section().getByRole("button", { name: "Choose Team" })).toBeTruthy();
    cleanup();

    mockBillingApi({ subscription: withSubscription({ status: "canceled" }) });
    setup(team("owner"));
    expect(await section().findByRole("button", { name: "Choose Enterprise" })).toBeTruthy();
    expect(section().queryByRole("button", { name: "Manage" })).toBeNull();
  });

  it("says plainly when billing is off", async () => {
    mockBillingApi({ subscription: () => ({ configured: false, subscription: null }) });
    setup(team("owner"));
    expect(await section().findByText(BILLING_NOT_CONFIGURED_NOTICE)).toBeTruthy();
    expect(section().queryByRole("button")).toBeNull();
  });

  it("shows the server's message when the subscription fails to load, else the fallback", async () => {
    mockBillingApi({
      subscription: () => Promise.reject(refusal(500, "internal", "Database error: connection lost")),
    });
    setup(team("owner"));
    expect((await section().findByRole("alert")).textContent).toBe("Database error: connection lost");
    cleanup();

    mockBillingApi({ subscription: () => Promise.reject(failure(500)) });
    setup(team("owner"));
    expect((await section().findByRole("alert")).textContent).toBe(BILLING_ERRORS.subscriptionFailed);
  });
});
