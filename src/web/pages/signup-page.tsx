import { Link, useNavigate } from "react-router";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { EmailForm } from "../features/auth/components/email-form.tsx";
import { RedirectIfSignedIn } from "../lib/route-guards.tsx";
import { STORAGE_KEYS, setSignupInProgress, writeStorage } from "../lib/storage-keys.ts";

export function SignupPage() {
  const navigate = useNavigate();
  return (
    <RedirectIfSignedIn>
      <OnboardingLayout
        step={{ current: 1, total: 4 }}
        title="Create your account"
        description="Start with your work e-mail. We will send you a six-digit code."
        footer={
          <>
            Already have an account?{" "}
            <Link to="/login" className="font-medium text-brand-600 hover:underline">
              Log in
            </Link>
          </>
        }
      >
        <EmailForm
          fallbackError="Failed to process request"
          beforeSend={(email) => {
            setSignupInProgress(true);
            writeStorage(STORAGE_KEYS.signupEmail, email);
          }}
          onSent={(email) => {
            writeStorage(STORAGE_KEYS.pendingEmail, email);
            writeStorage(STORAGE_KEYS.codeSentAt, String(Date.now()));
            navigate("/verify");
          }}
        />
      </OnboardingLayout>
    </RedirectIfSignedIn>
  );
}
