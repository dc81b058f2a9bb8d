import { useNavigate } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { PlanCards } from "../features/plans/components/plan-cards.tsx";
import { RequireSignedInOnboarding } from "../lib/route-guards.tsx";
import { setSignupInProgress } from "../lib/storage-keys.ts";

export function ChoosePlanPage() {
  const navigate = useNavigate();
  return (
    <RequireSignedInOnboarding>
      {() => (
        <OnboardingLayout
          wide
          step={{ current: 4, total: 4 }}
          title="Choose your plan"
          description="You can try for free, or pick a paid plan now"
        >
          <PlanCards />
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
      )}
    </RequireSignedInOnboarding>
  );
}
