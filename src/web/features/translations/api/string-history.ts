import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HistoryEntry } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** A string's versions, newest first. */
export async function getStringHistory(keyId: string, language: string): Promise<HistoryEntry[]> {
  const answer = await api.strings.history({ params: { keyId, lang: language } });
  return answer.entries;
}

export function stringHistoryQueryOptions(keyId: string, language: string) {
  return queryOptions({
    queryKey: queryKeys.stringHistory(keyId, language),
    queryFn: () => getStringHistory(keyId, language),
    staleTime: 0,
  });
}

export function useStringHistory(keyId: string, language: string, enabled: boolean) {
  return useQuery({ ...stringHistoryQueryOptions(keyId, language), enabled });
}
