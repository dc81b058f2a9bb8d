import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MemorySuggestion } from "../../../../shared/schemas/memory.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * Translation memory for one cell, best first (up to 5; empty when nothing matches).
 */
export async function getSuggestions(keyId: string, language: string): Promise<MemorySuggestion[]> {
  const answer = await api.memory.suggestions({ params: { keyId, lang: language } });
  return answer.suggestions;
}

export function suggestionsQueryOptions(keyId: string, language: string) {
  return queryOptions({
    queryKey: queryKeys.stringSuggestions(keyId, language),
    queryFn: () => getSuggestions(keyId, language),
    // Other cells change the memory: ask again each time the cell opens (a cached answer shows meanwhile).
    staleTime: 0,
  });
}

export function useSuggestions(keyId: string, language: string, enabled: boolean) {
  return useQuery({ ...suggestionsQueryOptions(keyId, language), enabled });
}
