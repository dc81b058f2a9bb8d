import { Link, useNavigate, useSearchParams } from "react-router";
import { ssoSignInError } from "../../shared/schemas/sso.ts";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { EmailForm } from "../features/auth/components/email-form.tsx";
import { RedirectIfSignedIn } from "../lib/route-guards.tsx";
import { STORAGE_KEYS, writeStorage } from "../lib/storage-keys.ts";

export function LoginPage() {
  const navigate = useNavigate();
  // A sign-in through the team's identity provider that failed comes back here with its reason.
  const [params] = useSearchParams();
  const ssoError = ssoSignInError(params.get("sso_error"));
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
        {ssoError ? (
          <p
            role="alert"
            className="mb-4 rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm text-danger"
          >
            {ssoError}
          </p>
        ) : null}
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
