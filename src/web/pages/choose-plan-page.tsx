import { useNavigate } from "react-router";
import type { Me } from "../../shared/schemas/auth.ts";
import { Button } from "../components/ui/button.tsx";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { usePlans } from "../features/plans/api/get-plans.ts";
import { PlanCards } from "../features/plans/components/plan-cards.tsx";
import { onboardingTeam } from "../features/plans/onboarding-team.ts";
import { RequireSignedInOnboarding } from "../lib/route-guards.tsx";
import { setSignupInProgress } from "../lib/storage-keys.ts";

/** What the plan step says when the server sells no plans (issue 34: no 'pick a paid plan' there). */
export const NO_PAID_PLANS_TITLE = "Your plan";
export const NO_PAID_PLANS_DESCRIPTION = "Paid plans are not available on this server.";
export const FREE_FOR_EVERYONE =
  "Everyone is on the free plan, with every feature. There is nothing to choose.";

/** /choose-plan, onboarding step 4 (spec point 2): the plans for the team step 3 created, or skip. */
export function ChoosePlanPage() {
  return <RequireSignedInOnboarding>{(me) => <ChoosePlan me={me} />}</RequireSignedInOnboarding>;
}

function ChoosePlan({ me }: { me: Me }) {
  const navigate = useNavigate();
  const team = onboardingTeam(me.teams);
  // The same query PlanCards reads: one request, and the page knows whether anything is for sale.
  const plans = usePlans();
  const enterApp = () => {
    setSignupInProgress(false);
    navigate("/app/overview", { replace: true });
  };

  if (plans.data?.configured === false) {
    // Billing off: no plans, no 'Skip' of a choice that is not there, one way on (issue 34).
    return (
      <OnboardingLayout
        step={{ current: 4, total: 4 }}
        title={NO_PAID_PLANS_TITLE}
        description={NO_PAID_PLANS_DESCRIPTION}
      >
        <p className="mb-6 text-center text-sm text-foreground">{FREE_FOR_EVERYONE}</p>
        <Button className="w-full" onClick={enterApp}>
          Continue
        </Button>
      </OnboardingLayout>
    );
  }

  return (
    <OnboardingLayout
      wide
      step={{ current: 4, total: 4 }}
      title="Choose your plan"
      // Not before the plans are known: with billing off there is no paid plan to pick.
      description={plans.isPending ? undefined : "You can try for free, or pick a paid plan now"}
    >
      {team ? (
        <p className="-mt-3 mb-6 text-center text-sm text-muted">
          For <span className="font-medium text-foreground">{team.name}</span>
        </p>
      ) : null}
      {/* Leaving for the checkout ends the sign-up: the checkout comes back into the app. */}
      <PlanCards team={team} onLeaving={() => setSignupInProgress(false)} />
      {plans.isPending ? null : (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={enterApp}>
            Skip for now
          </Button>
        </div>
      )}
    </OnboardingLayout>
  );
}
