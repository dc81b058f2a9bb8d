import { useNavigate } from "react-router";
import type { Me } from "../../shared/schemas/auth.ts";
import { Button } from "../components/ui/button.tsx";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { PlanCards } from "../features/plans/components/plan-cards.tsx";
import { onboardingTeam } from "../features/plans/onboarding-team.ts";
import { RequireSignedInOnboarding } from "../lib/route-guards.tsx";
import { setSignupInProgress } from "../lib/storage-keys.ts";

/** /choose-plan, onboarding step 4 (spec point 2): the plans for the team step 3 created, or skip. */
export function ChoosePlanPage() {
  return <RequireSignedInOnboarding>{(me) => <ChoosePlan me={me} />}</RequireSignedInOnboarding>;
}

function ChoosePlan({ me }: { me: Me }) {
  const navigate = useNavigate();
  const team = onboardingTeam(me.teams);
  return (
    <OnboardingLayout
      wide
      step={{ current: 4, total: 4 }}
      title="Choose your plan"
      description="You can try for free, or pick a paid plan now"
    >
      {team ? (
        <p className="-mt-3 mb-6 text-center text-sm text-muted">
          For <span className="font-medium text-foreground">{team.name}</span>
        </p>
      ) : null}
      {/* Leaving for the checkout ends the sign-up: the checkout comes back into the app. */}
      <PlanCards team={team} onLeaving={() => setSignupInProgress(false)} />
      <div className="mt-6 flex justify-center">
        <Button
          variant="outline"
          onClick={() => {
            setSignupInProgress(false);
            navigate("/app/overview", { replace: true });
          }}
        >
          Skip for now
        </Button>
      </div>
    </OnboardingLayout>
  );
}
