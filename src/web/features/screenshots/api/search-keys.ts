import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Keys shown at once in the Link to other keys picker. */
const PICKER_LIMIT = 20;

export interface PickableKey {
  id: string;
  key: string;
}

/** Keys whose name or text holds the search (20 at most). */
export async function searchKeys(projectId: string, search: string, signal?: AbortSignal) {
  const page = await api.keys.list(
    {
      params: { projectId: projectId },
      query: { limit: PICKER_LIMIT, ...(search.trim() ? { q: search.trim() } : {}) },
    },
    signal ? { signal } : {},
  );
  return page.keys.map((row): PickableKey => ({ id: row.id, key: row.key }));
}

export function useKeySearch(projectId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.screenshotKeySearch(projectId, search.trim()),
    queryFn: ({ signal }) => searchKeys(projectId, search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
