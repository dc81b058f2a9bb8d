import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ToneSettings, UpdateToneSettingsBody } from "../../../../shared/schemas/tone.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** Either block or both (trimmed; empty is stored as null). */
export function updateToneSettings(teamId: string, body: UpdateToneSettingsBody): Promise<ToneSettings> {
  return api.tone.updateSettings({ params: { teamId }, body });
}

export function updateToneSettingsMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.tone.update(teamId),
    mutationFn: (body: UpdateToneSettingsBody) => updateToneSettings(teamId, body),
  });
}

export function useUpdateToneSettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateToneSettingsMutationOptions(teamId),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.toneSettings(teamId), settings),
  });
}
