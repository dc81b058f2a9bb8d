import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { SendCodeAnswer, SendCodeBody } from "../../../../shared/schemas/auth.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";

/** E-mails a six-digit sign-in code. */
export function sendCode(body: SendCodeBody): Promise<SendCodeAnswer> {
  return api.auth.sendCode({ body });
}

export function sendCodeMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.auth.sendCode(), mutationFn: sendCode });
}

export function useSendCode() {
  return useMutation(sendCodeMutationOptions());
}
