import { queryOptions, useQuery } from "@tanstack/react-query";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The API's largest page: a project's keys in few requests. */
const PAGE_SIZE = 5000;

/**
 * The project's keys, every page: the keys a review can take (Add key). The Overview's paged
 * key-list cache belongs to the translations feature, so the review's picker asks for its own list.
 */
export async function listProjectKeys(projectId: string, signal?: AbortSignal): Promise<KeyRow[]> {
  const rows: KeyRow[] = [];
  let after: string | undefined;
  do {
    const page = await api.keys.list(
      {
        params: { projectId: projectId },
        query: { limit: PAGE_SIZE, ...(after !== undefined ? { after } : {}) },
      },
      signal ? { signal } : {},
    );
    rows.push(...page.keys);
    after = page.next ?? undefined;
  } while (after !== undefined);
  return rows;
}

export function projectKeysQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectKeyPicker(projectId),
    queryFn: ({ signal }) => listProjectKeys(projectId, signal),
  });
}

export function useProjectKeys(projectId: string) {
  return useQuery(projectKeysQueryOptions(projectId));
}
