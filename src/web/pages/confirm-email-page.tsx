import { CircleAlert, MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { EMAIL_CHANGE_ERRORS } from "../../shared/schemas/profiles.ts";
import { Button } from "../components/ui/button.tsx";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useConfirmEmailChange } from "../features/profile/api/confirm-email-change.ts";
import { failureText } from "../lib/failure-text.ts";

/**
 * /confirm-email?token=…: the link mailed to a new e-mail address (Edit Profile, issue 34). Opening
 * it makes the address the account's; it works signed out too (the token is the proof).
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmEmailChange();
  // Once per page: the link works once, and a second request would say it was used.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === "") return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const failed = token === "" || confirm.isError;
  return (
    <OnboardingLayout title="Confirm your e-mail address">
      <div className="flex flex-col items-center gap-4 text-center">
        {failed ? (
          <p role="alert" className="flex items-start gap-2 text-sm text-danger">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {token === ""
                ? EMAIL_CHANGE_ERRORS.invalidLink
                : failureText(confirm.error, "Failed to confirm the e-mail address. Please try again.")}
            </span>
          </p>
        ) : confirm.isSuccess ? (
          <p role="status" className="flex items-start gap-2 text-sm text-foreground">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>
              Your e-mail address is now <span className="font-medium break-all">{confirm.data.email}</span>.
              Use it to sign in from now on.
            </span>
          </p>
        ) : (
          <Spinner label="Confirming your e-mail address" className="size-5 text-muted" />
        )}
        {failed || confirm.isSuccess ? (
          <Button asChild className="w-full">
            <Link to="/app/overview">Continue to Sprog</Link>
          </Button>
        ) : null}
      </div>
    </OnboardingLayout>
  );
}
