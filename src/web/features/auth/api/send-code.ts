import { mutationOptions, useMutation } from "@tanstack/react-query";
import {
  type SendCodeAnswer,
  type SendCodeBody,
  sendCodeAnswerSchema,
} from "../../../../shared/schemas/auth.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/auth/code: e-mails a six-digit sign-in code. */
export function sendCode(body: SendCodeBody): Promise<SendCodeAnswer> {
  return apiRequest("/api/auth/code", sendCodeAnswerSchema, { method: "POST", body });
}

export function sendCodeMutationOptions() {
  return mutationOptions({ mutationKey: ["auth", "send-code"], mutationFn: sendCode });
}

export function useSendCode() {
  return useMutation(sendCodeMutationOptions());
}
