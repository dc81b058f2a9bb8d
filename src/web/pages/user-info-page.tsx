import { useNavigate } from "react-router";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { ProfileForm } from "../features/profile/components/profile-form.tsx";
import { RequireSignedInOnboarding } from "../lib/route-guards.tsx";
import { setSignupInProgress, takeReturnTo } from "../lib/storage-keys.ts";

export function UserInfoPage() {
  const navigate = useNavigate();
  return (
    <RequireSignedInOnboarding>
      {(me) => (
        <OnboardingLayout
          step={{ current: 2, total: 4 }}
          title="Tell us about yourself"
          description="Your name is shown to your team."
        >
          <ProfileForm
            initial={
              me.profile ? { firstName: me.profile.firstName, lastName: me.profile.lastName } : undefined
            }
            submitLabel="Continue"
            fallbackError="Failed to save user information"
            fullWidthSubmit
            onSaved={() => {
              if (me.teams.length > 0) {
                setSignupInProgress(false);
                navigate(takeReturnTo() ?? "/app/overview", { replace: true });
              } else {
                navigate("/create-team");
              }
            }}
          />
        </OnboardingLayout>
      )}
    </RequireSignedInOnboarding>
  );
}
