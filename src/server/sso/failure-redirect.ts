import { SSO_ERRORS } from "../../shared/schemas/sso.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";

/**
 * Where a failed single sign-on sends the browser: the sign-in page, with the reason a person reads
 * (an AppError's sentence; anything else is logged and said generally). The pages that finish a
 * sign-in never answer a page of their own.
 */
export function signInPageWithError(error: unknown, logger: Logger, step: string): string {
  if (!(error instanceof AppError)) logger.error({ err: error }, `single sign-on: ${step} failed`);
  const message = error instanceof AppError ? error.message : SSO_ERRORS.signInFailed;
  return `/login?${new URLSearchParams({ sso_error: message })}`;
}
