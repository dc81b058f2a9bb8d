import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "./card.tsx";
import { Logo } from "./logo.tsx";
import { StepIndicator } from "./step-indicator.tsx";

export interface OnboardingLayoutProps {
  title: string;
  description?: ReactNode;
  step?: { current: number; total: number };
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/** The centred single-card screen of sign-in and onboarding (no top bar). */
export function OnboardingLayout({
  title,
  description,
  step,
  children,
  footer,
  wide,
}: OnboardingLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-surface px-4 py-10 sm:py-16">
      <Link
        to="/"
        className="mb-8 rounded-md focus-visible:outline-2 focus-visible:outline-ring"
        aria-label="Sprog home"
      >
        <Logo />
      </Link>
      <main className={wide ? "w-full max-w-3xl" : "w-full max-w-sm"}>
        <Card className="p-6 sm:p-8">
          {step ? <StepIndicator step={step.current} total={step.total} className="mb-6" /> : null}
          <div className="mb-6 flex flex-col gap-1.5 text-center">
            <h1 className="text-xl font-semibold tracking-tight text-foreground">{title}</h1>
            {description ? <p className="text-sm text-muted">{description}</p> : null}
          </div>
          {children}
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-muted">{footer}</div> : null}
      </main>
    </div>
  );
}
