import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Branch,
  BranchList,
  MergeResolution,
  MergeResult,
} from "../../../../shared/schemas/branches.ts";
import { api } from "../../../lib/api.ts";
import { forgetBranchCache } from "../../../lib/branch-context.tsx";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** The project's live branches, its archived ones, and whether main is protected. */
export function useBranches(projectId: string | null) {
  return useQuery({
    queryKey: queryKeys.projectBranches(projectId ?? ""),
    queryFn: ({ signal }) => api.branches.list({ params: { projectId: projectId ?? "" } }, { signal }),
    enabled: projectId !== null,
  });
}

/** What the branch changes against its base; fetched afresh each visit (main moves meanwhile). */
export function useBranchDiff(branchId: string) {
  return useQuery({
    queryKey: queryKeys.branchDiff(branchId),
    queryFn: ({ signal }) => api.branches.diff({ params: { id: branchId } }, { signal }),
    staleTime: 0,
  });
}

/** A changed branch goes into the cached list in place (the answer is the branch as it now is). */
function storeBranch(queryClient: QueryClient, projectId: string, branch: Branch): void {
  queryClient.setQueryData<BranchList>(queryKeys.projectBranches(projectId), (old) => {
    if (!old) return old;
    const others = (list: Branch[]) => list.filter((b) => b.id !== branch.id);
    return branch.archivedAt
      ? { ...old, branches: others(old.branches), archived: [branch, ...others(old.archived)] }
      : {
          ...old,
          branches: [...others(old.branches), branch].sort((a, b) => a.name.localeCompare(b.name)),
        };
  });
}

export function useCreateBranch(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.branches.create(projectId),
    mutationFn: (body: { name: string; base?: string }) =>
      api.branches.create({ params: { projectId }, body }),
    onSuccess: (branch) => storeBranch(queryClient, projectId, branch),
  });
}

export function useProtectBranch(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.branches.update(),
    mutationFn: ({ branchId, protect }: { branchId: string; protect: boolean }) =>
      api.branches.update({ params: { id: branchId }, body: { protected: protect } }),
    onSuccess: (branch) => storeBranch(queryClient, projectId, branch),
  });
}

export function useArchiveBranch(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.branches.archive(),
    mutationFn: (branchId: string) => api.branches.archive({ params: { id: branchId } }),
    onSuccess: (branch) => {
      forgetBranchCache(branch.id);
      storeBranch(queryClient, projectId, branch);
    },
  });
}

/** The project's branch settings: main's protection, and whether a merge needs a review first. */
export function useBranchSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.branches.settings(projectId),
    mutationFn: (body: { mainProtected?: boolean; mergeRequiresReview?: boolean }) =>
      api.branches.settings({ params: { projectId }, body }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.projectBranches(projectId), list),
  });
}

/**
 * A review of the branch's changes (the keys it adds and changes; a deleted key has nothing left
 * to read), made on the branch: what a project that asks for one merges after.
 */
export function useRequestBranchReview(projectId: string, branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.reviews.create(projectId),
    mutationFn: (body: { title: string; keyIds: string[] }) =>
      api.reviews.create({ params: { projectId }, body }, { context: { branch: branchId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.projectReviews(projectId) }),
  });
}

export interface MergeInput {
  resolutions: MergeResolution[];
}

/**
 * Merges the branch into its base. Afterwards the base's cached strings (main's, or the base
 * branch's own cache) and the branch's are fetched again: both changed.
 */
export function useMergeBranch(projectId: string, branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.branches.merge(),
    mutationFn: ({ resolutions }: MergeInput): Promise<MergeResult> =>
      api.branches.merge({ params: { id: branchId }, body: { resolutions } }),
    onSuccess: (result) => {
      forgetBranchCache(branchId);
      if (result.branch.baseId) forgetBranchCache(result.branch.baseId);
      storeBranch(queryClient, projectId, result.branch);
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.branchDiff(branchId) });
    },
  });
}
