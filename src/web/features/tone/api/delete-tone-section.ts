import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ToneSection } from "../../../../shared/schemas/tone.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { forgetToneSection } from "./tone-cache.ts";

export function deleteToneSection(sectionId: string): Promise<void> {
  return api.tone.removeSection({ params: { id: sectionId } }).then(() => undefined);
}

export function deleteToneSectionMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.tone.removeSection(),
    mutationFn: (section: ToneSection) => deleteToneSection(section.id),
  });
}

export function useDeleteToneSection() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteToneSectionMutationOptions(),
    onSuccess: (_answer, section) => forgetToneSection(queryClient, section.teamId, section.id),
  });
}
