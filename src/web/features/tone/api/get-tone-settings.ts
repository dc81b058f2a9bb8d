import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ToneSettings } from "../../../../shared/schemas/tone.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Product context and brand tone (null when not written). */
export function getToneSettings(teamId: string): Promise<ToneSettings> {
  return api.tone.settings({ params: { teamId } });
}

export function toneSettingsQueryOptions(teamId: string) {
  return queryOptions({ queryKey: queryKeys.toneSettings(teamId), queryFn: () => getToneSettings(teamId) });
}

export function useToneSettings(teamId: string | null) {
  return useQuery({ ...toneSettingsQueryOptions(teamId ?? ""), enabled: teamId !== null });
}
