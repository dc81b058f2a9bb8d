import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmailChanged } from "../../../../shared/schemas/profiles.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** The mailed link's token makes the new address the account's. */
export function confirmEmailChange(token: string): Promise<EmailChanged> {
  return api.profiles.confirmEmailChange({ body: { token } });
}

export function confirmEmailChangeMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.profile.confirmEmailChange(),
    mutationFn: confirmEmailChange,
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    ...confirmEmailChangeMutationOptions(),
    // A signed-in tab shows the new address from now on.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.me() });
    },
  });
}
