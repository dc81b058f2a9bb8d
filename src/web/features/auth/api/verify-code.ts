import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type Me, meSchema, type VerifyCodeBody } from "../../../../shared/schemas/auth.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";

/** POST /api/auth/verify: checks the code, starts the session (HttpOnly cookie) and answers who signed in. */
export function verifyCode(body: VerifyCodeBody): Promise<Me> {
  return apiRequest("/api/auth/verify", meSchema, { method: "POST", body });
}

export function verifyCodeMutationOptions() {
  return mutationOptions({ mutationKey: ["auth", "verify"], mutationFn: verifyCode });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    ...verifyCodeMutationOptions(),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}
