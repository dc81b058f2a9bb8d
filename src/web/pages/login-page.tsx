import { Link, useNavigate } from "react-router";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { EmailForm } from "../features/auth/components/email-form.tsx";
import { RedirectIfSignedIn } from "../lib/route-guards.tsx";
import { STORAGE_KEYS, writeStorage } from "../lib/storage-keys.ts";

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <RedirectIfSignedIn>
      <OnboardingLayout
        title="Speak a language everyone understands"
        description="Sign in with your work e-mail. We will send you a six-digit code."
        footer={
          <>
            New to Sprog?{" "}
            <Link to="/signup" className="font-medium text-brand-600 hover:underline">
              Sign up
            </Link>
          </>
        }
      >
        <EmailForm
          fallbackError="Failed to sign in"
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
