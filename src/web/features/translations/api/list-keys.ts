import { queryOptions, useQuery } from "@tanstack/react-query";
import { type KeyRow, keyListSchema } from "../../../../shared/schemas/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** GET /api/projects/:id/keys?languages=…: every key (ordered by name) with the strings of `languages`. */
export async function listKeys(projectId: string, languages: readonly string[]): Promise<KeyRow[]> {
  const query = languages.length > 0 ? `?languages=${languages.map(encodeURIComponent).join(",")}` : "";
  const answer = await apiRequest(
    `/api/projects/${encodeURIComponent(projectId)}/keys${query}`,
    keyListSchema,
  );
  return answer.keys;
}

/** Fetched once per (project, languages); realtime events keep it current, so it never goes stale. */
export function keysQueryOptions(projectId: string, languages: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.projectKeysFor(projectId, languages),
    queryFn: () => listKeys(projectId, languages),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The key list of a project for `languages`. While another language set of the same project loads,
 * the previous list stays on screen (`isPlaceholderData`), so switching the language column keeps the keys.
 */
export function useKeys(projectId: string, languages: readonly string[]) {
  return useQuery({
    ...keysQueryOptions(projectId, languages),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === projectId ? previous : undefined,
  });
}
