import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { usePrerendering } from "../../../lib/prerendering.ts";
import { readCookieConsent, saveCookieConsent } from "../cookie-consent.ts";

/**
 * The cookie banner of spec point 2, on every page (the router's root renders it): Accept or Decline,
 * remembered for 150 days, not shown again once answered. It is sticky rather than fixed, so at the
 * end of the page it sits below the footer instead of covering it.
 */
export function CookieBanner() {
  const [answered, setAnswered] = useState(() => readCookieConsent() !== null);
  // A prerendered page is everyone's: whether this visitor answered is known once the app starts.
  const prerendering = usePrerendering();
  if (answered || prerendering) return null;

  const answer = (accepted: boolean) => {
    saveCookieConsent(accepted);
    setAnswered(true);
  };

  return (
    <section
      aria-label="Cookie consent"
      className="sticky bottom-0 z-30 border-t border-border bg-background/95 shadow-lg backdrop-blur supports-[backdrop-filter]:bg-background/90"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-sm text-foreground">
          Sprog uses a sign-in cookie and your browser's local storage only to keep you signed in and remember
          your choices. No ads, no tracking. Read the{" "}
          <Link
            to="/cookie-policy"
            className="font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700"
          >
            cookie policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => answer(false)}>
            Decline
          </Button>
          <Button className="flex-1 sm:flex-none" onClick={() => answer(true)}>
            Accept
          </Button>
        </div>
      </div>
    </section>
  );
}
