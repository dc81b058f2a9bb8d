import { mutationOptions, useMutation } from "@tanstack/react-query";
import { type AssistAnswer, type AssistBody, assistAnswerSchema } from "../../../../shared/schemas/assist.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export interface AssistStringInput extends AssistBody {
  keyId: string;
  language: string;
}

/**
 * POST /api/keys/:keyId/strings/:lang/assist: the writing assistant's suggestion for a source string
 * (of `text`, the editor's draft, when given). Nothing is saved, so no cache changes.
 */
export function assistString({ keyId, language, ...body }: AssistStringInput): Promise<AssistAnswer> {
  return apiRequest(
    `/api/keys/${encodeURIComponent(keyId)}/strings/${encodeURIComponent(language)}/assist`,
    assistAnswerSchema,
    { method: "POST", body },
  );
}

export function assistStringMutationOptions() {
  return mutationOptions({ mutationKey: ["strings", "assist"], mutationFn: assistString });
}

export function useAssistString() {
  return useMutation(assistStringMutationOptions());
}
