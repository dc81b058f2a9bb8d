import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublishReleaseBody, Release, ReleaseList } from "../../../../shared/schemas/releases.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/**
 * A new release, live in its environment at once (201): of main's strings, or of the branch whose id
 * is `branchId` (the request runs on it, `x-sprog-branch`).
 */
export function publishRelease(
  projectId: string,
  body: PublishReleaseBody,
  branchId: string | null = null,
): Promise<Release> {
  const input = { params: { projectId }, body };
  return branchId
    ? api.releases.publish(input, { context: { branch: branchId } })
    : api.releases.publish(input);
}

/** Points `environment` at the release (a rollback or a promotion); answers the whole list. */
export function activateRelease(releaseId: string, environment: string): Promise<ReleaseList> {
  return api.releases.activate({ params: { id: releaseId }, body: { environment } });
}

/** The environment a completed review publishes to; null: a review publishes nothing. */
export function saveReleaseSettings(projectId: string, releaseOnReview: string | null): Promise<ReleaseList> {
  return api.releases.settings({ params: { projectId }, body: { releaseOnReview } });
}

/** The answer is the list as it now is: shown at once, no second request. */
function storeList(queryClient: QueryClient, projectId: string, list: ReleaseList): void {
  queryClient.setQueryData(queryKeys.projectReleases(projectId), list);
}

/** Publishes from the branch whose id is `branchId`; null: main. */
export function usePublishRelease(projectId: string, branchId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.releases.publish(projectId),
    mutationFn: (body: PublishReleaseBody) => publishRelease(projectId, body, branchId),
    // The answer is the release alone: the environments and the previous release's badges change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projectReleases(projectId) }),
  });
}

export function useActivateRelease(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.releases.activate(projectId),
    mutationFn: ({ releaseId, environment }: { releaseId: string; environment: string }) =>
      activateRelease(releaseId, environment),
    onSuccess: (list) => storeList(queryClient, projectId, list),
  });
}

export function useSaveReleaseSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.releases.settings(projectId),
    mutationFn: (releaseOnReview: string | null) => saveReleaseSettings(projectId, releaseOnReview),
    onSuccess: (list) => storeList(queryClient, projectId, list),
  });
}
