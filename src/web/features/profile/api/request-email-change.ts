import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { EmailChangeAnswer, EmailChangeBody } from "../../../../shared/schemas/profiles.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";

/** Mails a confirmation link to the new address; nothing changes yet. */
export function requestEmailChange(body: EmailChangeBody): Promise<EmailChangeAnswer> {
  return api.profiles.requestEmailChange({ body });
}

export function requestEmailChangeMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.profile.requestEmailChange(),
    mutationFn: requestEmailChange,
  });
}

export function useRequestEmailChange() {
  return useMutation(requestEmailChangeMutationOptions());
}
