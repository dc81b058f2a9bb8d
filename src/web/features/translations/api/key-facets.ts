import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { KeyFacets, KeyFilters } from "../../../../shared/schemas/key-filters.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { filtersQuery } from "../key-filters.ts";
import { COMPLETION_POLL_MS } from "./get-completion.ts";

/** How many keys each filter keeps in `language`, within `search`. */
export function getKeyFacets(
  projectId: string,
  language: string,
  search: string,
  filters: KeyFilters,
  signal?: AbortSignal,
): Promise<KeyFacets> {
  return api.keys.facets(
    {
      params: { projectId: projectId },
      query: { ...filters, lang: language, ...(search !== "" ? { q: search } : {}) },
    },
    signal ? { signal } : {},
  );
}

/**
 * The counts beside the filters. They move with every edit, so they are fetched again as often as
 * the completion counts; while another language, search or set of filters loads, the previous
 * counts stay (no flicker of the filter bar).
 */
export function useKeyFacets(
  projectId: string,
  language: string,
  search: string,
  filters: KeyFilters,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: queryKeys.projectKeyFacets(projectId, language, search, filtersQuery(filters)),
    queryFn: ({ signal }) => getKeyFacets(projectId, language, search, filters, signal),
    refetchInterval: COMPLETION_POLL_MS,
    // Counts of other views go stale with any edit: asked again when shown again.
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * The files (namespaces, issue 33) the project's keys are in, for the key dialog: the Overview's
 * own counts of `language` without search or filters, so often already cached. Empty for a
 * project of one file a language; undefined while loading.
 */
export function useProjectNamespaces(projectId: string, language: string): string[] | undefined {
  const facets = useKeyFacets(projectId, language, "", {});
  return facets.data?.namespaces.map((entry) => entry.namespace);
}
