import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReleaseList } from "../../../../shared/schemas/releases.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The project's releases (newest first), its distribution id, environments and review setting. */
export function listReleases(projectId: string): Promise<ReleaseList> {
  return api.releases.list({ params: { projectId } });
}

export function releasesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectReleases(projectId),
    queryFn: () => listReleases(projectId),
  });
}

export function useReleases(projectId: string) {
  // Apps download releases all the time, and CI or a completed review publishes them: coming back
  // to the tab shows the counts and the live releases as they are now.
  return useQuery({ ...releasesQueryOptions(projectId), refetchOnWindowFocus: true });
}
