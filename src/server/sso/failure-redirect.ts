import type { Logger } from "../logger.ts";
import { SsoSignInError } from "./sign-in-rules.ts";

/**
 * Where a failed single sign-on sends the browser: the sign-in page with the reason's code, which
 * the page turns into our sentence (a link cannot put words of its own there). Anything but a
 * refusal we made is logged and reads as a plain failure. The pages that finish a sign-in never
 * answer a page of their own.
 */
export function signInPageWithError(error: unknown, logger: Logger, step: string): string {
  if (!(error instanceof SsoSignInError)) logger.error({ err: error }, `single sign-on: ${step} failed`);
  const reason = error instanceof SsoSignInError ? error.reason : "failed";
  return `/login?${new URLSearchParams({ sso_error: reason })}`;
}
