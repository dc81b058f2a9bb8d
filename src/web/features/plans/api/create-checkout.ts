import { mutationOptions, useMutation } from "@tanstack/react-query";
import {
  BILLING_ERRORS,
  type CheckoutAnswer,
  type CheckoutBody,
} from "../../../../shared/schemas/billing.ts";
import { api } from "../../../lib/api.ts";
import { ApiError, errorMessage, isApiError } from "../../../lib/api-client.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";

/**
 * A hosted checkout for one price, one paid seat per member (owner only); the browser then goes to
 * `checkoutUrl` (spec point 7).
 */
export async function createCheckout(teamId: string, body: CheckoutBody): Promise<CheckoutAnswer> {
  const answer = await api.billing.checkout({ params: { teamId }, body });
  // An empty address is as useless as none (spec point 5: the response must contain a checkout URL).
  if (answer.checkoutUrl.trim() === "") throw new ApiError(200, "invalid_response", "No checkout URL");
  return answer;
}

export function createCheckoutMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.billing.checkout(teamId),
    mutationFn: (body: CheckoutBody) => createCheckout(teamId, body),
  });
}

export function useCreateCheckout(teamId: string) {
  return useMutation(createCheckoutMutationOptions(teamId));
}

/**
 * Spec point 8, checkout: the server's message when it gave one; an answer without an address says
 * so; anything else 'Failed to start checkout process.'.
 */
export function checkoutErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === "invalid_response") return BILLING_ERRORS.checkoutUrlMissing;
  return errorMessage(error, BILLING_ERRORS.checkoutFailed);
}
