import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AiStatus } from "../../../../shared/schemas/ai.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Which provider answers (pseudo-localization when no AI key is set). */
export function getAiStatus(): Promise<AiStatus> {
  return api.ai.status();
}

export function aiStatusQueryOptions() {
  return queryOptions({ queryKey: queryKeys.aiStatus(), queryFn: getAiStatus, staleTime: 5 * 60_000 });
}

export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}
