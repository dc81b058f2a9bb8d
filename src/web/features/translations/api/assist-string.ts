import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { AssistAnswer, AssistBody } from "../../../../shared/schemas/assist.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";

export interface AssistStringInput extends AssistBody {
  keyId: string;
  language: string;
}

/**
 * The writing assistant's suggestion for a source string (of `text`, the editor's draft, when
 * given). Nothing is saved, so no cache changes.
 */
export function assistString({ keyId, language, ...body }: AssistStringInput): Promise<AssistAnswer> {
  return api.assist.assist({ params: { keyId, lang: language }, body });
}

export function assistStringMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.strings.assist(), mutationFn: assistString });
}

export function useAssistString() {
  return useMutation(assistStringMutationOptions());
}
