import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ToneSettings, UpdateToneSettingsBody } from "../../../../shared/schemas/tone.ts";
import { api } from "../../../lib/api.ts";
import { toneKeys } from "./tone-cache.ts";

/** PUT /api/teams/:teamId/tone: either block or both (trimmed; empty is stored as null). */
export function updateToneSettings(teamId: string, body: UpdateToneSettingsBody): Promise<ToneSettings> {
  return api.tone.updateSettings({ params: { teamId }, body });
}

export function updateToneSettingsMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: ["teams", teamId, "tone", "update"],
    mutationFn: (body: UpdateToneSettingsBody) => updateToneSettings(teamId, body),
  });
}

export function useUpdateToneSettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateToneSettingsMutationOptions(teamId),
    onSuccess: (settings) => queryClient.setQueryData(toneKeys.settings(teamId), settings),
  });
}
