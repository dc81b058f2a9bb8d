import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ToneSection, toneSectionListSchema } from "../../../../shared/schemas/tone.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { toneKeys } from "./tone-cache.ts";

/** GET /api/teams/:teamId/tone/sections: the team's custom sections, in order. */
export async function listToneSections(teamId: string): Promise<ToneSection[]> {
  const answer = await apiRequest(
    `/api/teams/${encodeURIComponent(teamId)}/tone/sections`,
    toneSectionListSchema,
  );
  return answer.sections;
}

export function toneSectionsQueryOptions(teamId: string) {
  return queryOptions({ queryKey: toneKeys.sections(teamId), queryFn: () => listToneSections(teamId) });
}

export function useToneSections(teamId: string | null) {
  return useQuery({ ...toneSectionsQueryOptions(teamId ?? ""), enabled: teamId !== null });
}
