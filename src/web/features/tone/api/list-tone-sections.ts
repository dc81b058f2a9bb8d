import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ToneSection } from "../../../../shared/schemas/tone.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The team's custom sections, in order. */
export async function listToneSections(teamId: string): Promise<ToneSection[]> {
  const answer = await api.tone.listSections({ params: { teamId } });
  return answer.sections;
}

export function toneSectionsQueryOptions(teamId: string) {
  return queryOptions({ queryKey: queryKeys.toneSections(teamId), queryFn: () => listToneSections(teamId) });
}

export function useToneSections(teamId: string | null) {
  return useQuery({ ...toneSectionsQueryOptions(teamId ?? ""), enabled: teamId !== null });
}
