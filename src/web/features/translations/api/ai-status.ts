import { queryOptions, useQuery } from "@tanstack/react-query";
import { type AiStatus, aiStatusSchema } from "../../../../shared/schemas/ai.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/ai/status: which provider answers (pseudo-localization when no AI key is set). */
export function getAiStatus(): Promise<AiStatus> {
  return apiRequest("/api/ai/status", aiStatusSchema);
}

export function aiStatusQueryOptions() {
  return queryOptions({ queryKey: ["ai", "status"], queryFn: getAiStatus, staleTime: 5 * 60_000 });
}

export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}
