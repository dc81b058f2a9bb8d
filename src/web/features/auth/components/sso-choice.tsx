import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSendCode } from "../api/send-code.ts";

export interface SsoChoiceProps {
  email: string;
  /** The team's identity provider, where "Continue with single sign-on" goes; null: unreachable now. */
  url: string | null;
  teamName: string;
  onCodeSent: () => void;
  onBack: () => void;
}

/** Where the browser goes: a page outside the app (the team's identity provider). */
function leaveFor(url: string) {
  window.location.assign(url);
}

/**
 * The sign-in step for an address at a domain its team verified (issue 38): the team's identity
 * provider, or an e-mail code after all — which a team enforcing single sign-on refuses to all but
 * its owner (break-glass); the server's refusal is shown as it is.
 */
export function SsoChoice({ email, url: firstUrl, teamName, onCodeSent, onBack }: SsoChoiceProps) {
  const sendCode = useSendCode();
  const [url, setUrl] = useState(firstUrl);
  const [leaving, setLeaving] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);

  /** Asks again for the provider's address (it could not be reached a moment ago). */
  const retry = async () => {
    setCodeError(null);
    try {
      const answer = await sendCode.mutateAsync({ email });
      if (answer.sent) onCodeSent();
      else if (answer.sso.url) {
        setUrl(answer.sso.url);
        setLeaving(true);
        leaveFor(answer.sso.url);
      }
    } catch (error) {
      setCodeError(errorMessage(error, "Failed to reach your identity provider. Please try again."));
    }
  };

  const withCode = async () => {
    setCodeError(null);
    try {
      const answer = await sendCode.mutateAsync({ email, withCode: true });
      if (answer.sent) onCodeSent();
    } catch (error) {
      setCodeError(errorMessage(error, "Failed to send the code. Please try again."));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-lg border border-border bg-surface-muted p-3 text-sm">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <p>
          <span className="font-medium">{teamName}</span> signs in with single sign-on. Continue at your
          company's sign-in page as <span className="font-medium break-all">{email}</span>.
        </p>
      </div>
      {url === null ? (
        <>
          <p role="alert" className="text-sm text-danger">
            Your team's identity provider cannot be reached right now. Please try again in a moment.
          </p>
          <Button
            size="lg"
            className="w-full"
            autoFocus
            loading={sendCode.isPending}
            onClick={() => void retry()}
          >
            Try again
          </Button>
        </>
      ) : (
        <Button
          size="lg"
          className="w-full"
          autoFocus
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            leaveFor(url);
          }}
        >
          Continue with single sign-on
        </Button>
      )}
      {codeError ? (
        <p role="alert" className="text-sm text-danger">
          {codeError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-brand-600 hover:underline" onClick={onBack}>
          Use another address
        </button>
        <button
          type="button"
          className="text-muted hover:underline disabled:opacity-50"
          disabled={sendCode.isPending}
          onClick={() => void withCode()}
        >
          Use an e-mail code instead
        </button>
      </div>
    </div>
  );
}
