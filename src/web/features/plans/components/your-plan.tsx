import { can } from "../../../../shared/permissions.ts";
import { hasCurrentSubscription } from "../../../../shared/plans.ts";
import { BILLING_ERRORS } from "../../../../shared/schemas/billing.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useTeamSubscription } from "../api/get-team-subscription.ts";
import { BillingNotConfigured } from "./billing-notes.tsx";
import { PlanCards } from "./plan-cards.tsx";
import { SubscriptionDetails } from "./subscription-details.tsx";

/**
 * The plan section 'Your plan' (spec point 2) of the selected team: its current subscription if one
 * is present, else the tier plan cards to buy one. Nothing without a team.
 */
export function YourPlan({ team }: { team: TeamSummary | null }) {
  if (!team) return null;
  return (
    <section aria-labelledby="your-plan-heading" className="flex flex-col gap-2">
      <h2 id="your-plan-heading" className="text-sm font-semibold">
        Your plan
      </h2>
      <PlanOfTeam key={team.id} team={team} />
    </section>
  );
}

function PlanOfTeam({ team }: { team: TeamSummary }) {
  const subscription = useTeamSubscription(team.id);
  if (subscription.isPending) return <Spinner label="Loading your plan" className="text-muted" />;
  if (subscription.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(subscription.error, BILLING_ERRORS.subscriptionFailed)}
      </p>
    );
  }
  if (!subscription.data.configured) return <BillingNotConfigured />;
  const current = subscription.data.subscription;
  if (current && hasCurrentSubscription(current)) {
    return (
      <SubscriptionDetails
        teamId={team.id}
        subscription={current}
        canManage={can(team.role, "team.manageBilling")}
      />
    );
  }
  return <PlanCards team={team} tierHeading="h3" />;
}
