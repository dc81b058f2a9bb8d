import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type ToneSettings,
  toneSettingsSchema,
  type UpdateToneSettingsBody,
} from "../../../../shared/schemas/tone.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { toneKeys } from "./tone-cache.ts";

/** PUT /api/teams/:teamId/tone: either block or both (trimmed; empty is stored as null). */
export function updateToneSettings(teamId: string, body: UpdateToneSettingsBody): Promise<ToneSettings> {
  return apiRequest(`/api/teams/${encodeURIComponent(teamId)}/tone`, toneSettingsSchema, {
    method: "PUT",
    body,
  });
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
