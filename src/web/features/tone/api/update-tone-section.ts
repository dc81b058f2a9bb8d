import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ToneSection, UpdateToneSectionBody } from "../../../../shared/schemas/tone.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { storeToneSection } from "./tone-cache.ts";

/** Title, description and/or the whole rule list. */
export function updateToneSection(sectionId: string, body: UpdateToneSectionBody): Promise<ToneSection> {
  return api.tone.updateSection({ params: { id: sectionId }, body });
}

export function updateToneSectionMutationOptions(sectionId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.tone.updateSection(sectionId),
    mutationFn: (body: UpdateToneSectionBody) => updateToneSection(sectionId, body),
  });
}

export function useUpdateToneSection(sectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateToneSectionMutationOptions(sectionId),
    onSuccess: (section) => storeToneSection(queryClient, section),
  });
}
