import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LanguageCompletion } from "../../../../shared/schemas/projects.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Spec point 9: completion verification poll every 30 seconds. */
export const COMPLETION_POLL_MS = 30_000;

/** Per project language, complete when no source key lacks a string. */
export async function getCompletion(projectId: string): Promise<LanguageCompletion[]> {
  const answer = await api.projects.completion({ params: { projectId: projectId } });
  return answer.languages;
}

export function completionQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectCompletion(projectId),
    queryFn: () => getCompletion(projectId),
    refetchInterval: COMPLETION_POLL_MS,
  });
}

/** `enabled: false` holds the request back (the Overview asks once the first keys are on screen). */
export function useCompletion(projectId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...completionQueryOptions(projectId), enabled: options.enabled ?? true });
}
