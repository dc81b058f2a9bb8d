import { mutationOptions, useMutation } from "@tanstack/react-query";
import { BILLING_ERRORS, type PortalAnswer, type PortalBody } from "../../../../shared/schemas/billing.ts";
import { api } from "../../../lib/api.ts";
import { ApiError, errorMessage, isApiError } from "../../../lib/api-client.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";

/**
 * The provider's billing portal (owner only), which sends the browser back to `returnUrl` (the
 * current page, spec point 7).
 */
export async function openPortal(teamId: string, body: PortalBody): Promise<PortalAnswer> {
  const answer = await api.billing.portal({ params: { teamId }, body });
  if (answer.portalUrl.trim() === "") throw new ApiError(200, "invalid_response", "No portal URL");
  return answer;
}

export function openPortalMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.billing.portal(teamId),
    mutationFn: (body: PortalBody) => openPortal(teamId, body),
  });
}

export function useOpenPortal(teamId: string) {
  return useMutation(openPortalMutationOptions(teamId));
}

/** Spec point 8, portal: the server's message, 'Portal URL not received from function.', or the fallback. */
export function portalErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === "invalid_response") return BILLING_ERRORS.portalUrlMissing;
  return errorMessage(error, BILLING_ERRORS.portalFailed);
}
