import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateToneSectionBody, ToneSection } from "../../../../shared/schemas/tone.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { storeToneSection } from "./tone-cache.ts";

/** A new section ('Untitled Section' unless titled). */
export function createToneSection(teamId: string, body: CreateToneSectionBody = {}): Promise<ToneSection> {
  return api.tone.createSection({ params: { teamId }, body });
}

export function createToneSectionMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.tone.createSection(teamId),
    mutationFn: (body: CreateToneSectionBody) => createToneSection(teamId, body),
  });
}

export function useCreateToneSection(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createToneSectionMutationOptions(teamId),
    onSuccess: (section) => storeToneSection(queryClient, section),
  });
}
