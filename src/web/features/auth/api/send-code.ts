import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { SendCodeAnswer, SendCodeBody } from "../../../../shared/schemas/auth.ts";
import { api } from "../../../lib/api.ts";

/** POST /api/auth/code: e-mails a six-digit sign-in code. */
export function sendCode(body: SendCodeBody): Promise<SendCodeAnswer> {
  return api.auth.sendCode({ body });
}

export function sendCodeMutationOptions() {
  return mutationOptions({ mutationKey: ["auth", "send-code"], mutationFn: sendCode });
}

export function useSendCode() {
  return useMutation(sendCodeMutationOptions());
}
