import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TranslateBody } from "../../../../shared/schemas/ai.ts";
import type { SavedString } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { applyCell } from "../key-cache.ts";

export interface TranslateStringInput extends TranslateBody {
  keyId: string;
  language: string;
}

/** The AI translation, saved (history origin ai). */
export function translateString({ keyId, language, ...body }: TranslateStringInput): Promise<SavedString> {
  return api.ai.translate({ params: { keyId, lang: language }, body });
}

export function translateStringMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.strings.translate(), mutationFn: translateString });
}

export function useTranslateString(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...translateStringMutationOptions(),
    onSuccess: (saved) => applyCell(queryClient, projectId, saved.keyId, saved.language, saved.cell),
  });
}
