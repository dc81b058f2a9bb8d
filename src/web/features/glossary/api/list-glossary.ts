import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { GlossaryTermList } from "../../../../shared/schemas/glossary.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * Every term matching `search` (in the term, a translation or the description). All of them: a
 * team's glossary is a few thousand terms at most, and the screen shows them in one list.
 */
export function listGlossary(teamId: string, search: string): Promise<GlossaryTermList> {
  const q = search.trim();
  return api.glossary.list({ params: { teamId }, query: q === "" ? {} : { q } });
}

export function glossaryQueryOptions(teamId: string, search: string) {
  return queryOptions({
    queryKey: queryKeys.glossarySearch(teamId, search.trim()),
    queryFn: () => listGlossary(teamId, search),
  });
}

export function useGlossary(teamId: string, search: string) {
  // While a new search loads, the last answer stays on screen instead of a spinner per keystroke.
  return useQuery({ ...glossaryQueryOptions(teamId, search), placeholderData: keepPreviousData });
}
