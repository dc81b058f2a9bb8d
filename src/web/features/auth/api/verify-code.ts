import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Me, VerifyCodeBody } from "../../../../shared/schemas/auth.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** Checks the code, starts the session (HttpOnly cookie) and answers who signed in. */
export function verifyCode(body: VerifyCodeBody): Promise<Me> {
  return api.auth.verify({ body });
}

export function verifyCodeMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.auth.verify(), mutationFn: verifyCode });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    ...verifyCodeMutationOptions(),
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.me(), me);
    },
  });
}
