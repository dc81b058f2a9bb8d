import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { forgetEarlyRequests } from "../../../lib/early-answers.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** Ends the session. */
export function signOut(): Promise<void> {
  return api.auth.signOut().then(() => undefined);
}

export function signOutMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.auth.signOut(), mutationFn: signOut });
}

/**
 * Signs out and forgets every cached answer of the previous user (and the requests their screens
 * opened with), whether or not the call succeeded. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    ...signOutMutationOptions(),
    onSettled: () => {
      queryClient.clear();
      forgetEarlyRequests();
      queryClient.setQueryData(queryKeys.me(), null);
    },
  });
}
