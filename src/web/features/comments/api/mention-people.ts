import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Mentionable } from "../../../../shared/schemas/comments.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The team members a comment can mention. */
export async function getMentionPeople(projectId: string): Promise<Mentionable[]> {
  const answer = await api.comments.people({ params: { projectId } });
  return answer.people;
}

export function mentionPeopleQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.commentPeople(projectId),
    queryFn: () => getMentionPeople(projectId),
    staleTime: 5 * 60_000,
  });
}

export function useMentionPeople(projectId: string, enabled: boolean) {
  return useQuery({ ...mentionPeopleQueryOptions(projectId), enabled });
}
