import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import type { Me } from "../../shared/schemas/auth.ts";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { VerifyForm } from "../features/auth/components/verify-form.tsx";
import { nextStepAfterVerify, WELCOME_BACK_DELAY_MS } from "../features/auth/next-step.ts";
import {
  isSignupInProgress,
  readStorage,
  STORAGE_KEYS,
  setSignupInProgress,
  takeReturnTo,
  writeStorage,
} from "../lib/storage-keys.ts";

function rememberedEmail(): string | null {
  return readStorage(STORAGE_KEYS.pendingEmail) ?? readStorage(STORAGE_KEYS.signupEmail);
}

function rememberedSentAt(): number {
  const value = Number(readStorage(STORAGE_KEYS.codeSentAt));
  return Number.isFinite(value) && value > 0 ? value : Date.now();
}

export function VerifyPage() {
  const navigate = useNavigate();
  const [email] = useState(rememberedEmail);
  const [sentAt] = useState(rememberedSentAt);
  const [signingUp] = useState(isSignupInProgress);
  const [welcomeBackTo, setWelcomeBackTo] = useState<string | null>(null);

  useEffect(() => {
    if (welcomeBackTo === null) return;
    const timer = setTimeout(() => navigate(welcomeBackTo, { replace: true }), WELCOME_BACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [welcomeBackTo, navigate]);

  if (!email) return <Navigate to="/login" replace />;

  const onVerified = (me: Me) => {
    writeStorage(STORAGE_KEYS.pendingEmail, null);
    writeStorage(STORAGE_KEYS.codeSentAt, null);
    const step = nextStepAfterVerify(
      me,
      isSignupInProgress(),
      me.profile && me.teams.length > 0 ? takeReturnTo() : null,
    );
    if (step.clearSignupFlag) setSignupInProgress(false);
    if (step.kind === "welcome-back") setWelcomeBackTo(step.to);
    else navigate(step.to, { replace: true });
  };

  if (welcomeBackTo !== null) {
    return (
      <OnboardingLayout title="Welcome back" description="You already have an account and a team.">
        <div role="status" className="flex items-center justify-center gap-2 text-sm text-muted">
          <Spinner />
          <span>Taking you to your workspace...</span>
        </div>
      </OnboardingLayout>
    );
  }

  return (
    <OnboardingLayout
      step={signingUp ? { current: 1, total: 4 } : undefined}
      title="Check your e-mail"
      description={
        <>
          We sent a six-digit code to <span className="font-medium text-foreground">{email}</span>.
        </>
      }
      footer={
        <Link to={signingUp ? "/signup" : "/login"} className="font-medium text-brand-600 hover:underline">
          Use a different e-mail
        </Link>
      }
    >
      <VerifyForm
        email={email}
        codeSentAt={sentAt}
        onCodeSent={(at) => writeStorage(STORAGE_KEYS.codeSentAt, String(at))}
        onVerified={onVerified}
      />
    </OnboardingLayout>
  );
}
