import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ProjectApprovals } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export type CellApproval = ProjectApprovals["approvals"][number];

/** keyId + NUL + language -> the current verdict. */
export type ApprovalIndex = ReadonlyMap<string, CellApproval>;

function indexKey(keyId: string, language: string): string {
  return `${keyId}\u0000${language}`;
}

/** The current verdict per key and language (pending ones absent). */
export async function listApprovals(projectId: string): Promise<ApprovalIndex> {
  const answer = await api.reviews.approvals({ params: { projectId } });
  return new Map(answer.approvals.map((entry) => [indexKey(entry.keyId, entry.language), entry]));
}

export function approvalsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectApprovals(projectId),
    queryFn: () => listApprovals(projectId),
  });
}

/** A string's change sends its verdict back to pending: refetch once for a burst of changes. */
const REFETCH_AFTER_CHANGE_MS = 500;
const refetchTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * The verdict on one cell of the Overview (one query for the whole project, shared by every cell).
 * When a judged cell's version changes (a save here, or someone else's over the event stream), the
 * project's approvals are fetched again, since a changed string is pending until judged again.
 */
export function useCellApproval(
  projectId: string,
  keyId: string,
  language: string,
  version: number | undefined,
  enabled = true,
): CellApproval | undefined {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...approvalsQueryOptions(projectId),
    enabled,
    select: (index: ApprovalIndex) => index.get(indexKey(keyId, language)),
  });
  const approval = enabled ? query.data : undefined;
  const judged = useRef(approval);
  judged.current = approval;
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    // Without a verdict the cell stays pending whatever its text: nothing to fetch.
    if (judged.current === undefined) return;
    clearTimeout(refetchTimers.get(projectId));
    refetchTimers.set(
      projectId,
      setTimeout(() => {
        refetchTimers.delete(projectId);
        void queryClient.invalidateQueries({ queryKey: queryKeys.projectApprovals(projectId) });
      }, REFETCH_AFTER_CHANGE_MS),
    );
  }, [version, projectId, queryClient]);
  return approval;
}
