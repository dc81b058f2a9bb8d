import { Navigate, useNavigate } from "react-router";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { CreateTeamForm } from "../features/teams/components/create-team-form.tsx";
import { RequireSignedInOnboarding } from "../lib/route-guards.tsx";

export function CreateTeamPage() {
  const navigate = useNavigate();
  return (
    <RequireSignedInOnboarding>
      {(me) =>
        me.profile === null ? (
          <Navigate to="/user-info" replace />
        ) : (
          <OnboardingLayout
            step={{ current: 3, total: 4 }}
            title="Create your team"
            description="Teams own projects. You can invite colleagues later."
          >
            <CreateTeamForm
              submitLabel="Complete Setup"
              fullWidthSubmit
              onCreated={() => navigate("/choose-plan")}
            />
          </OnboardingLayout>
        )
      }
    </RequireSignedInOnboarding>
  );
}
