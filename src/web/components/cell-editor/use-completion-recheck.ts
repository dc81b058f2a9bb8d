import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { queryKeys } from "../../lib/query-keys.ts";
import { COMPLETION_RECHECK_MS } from "./cell-edit.ts";

/**
 * Spec point 9: the language completion is rechecked 1 s after an edit (several edits: one recheck),
 * and the filters' counts with it (issue 19): both count the same strings.
 */
export function useCompletionRecheck(projectId: string): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectCompletion(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectFacets(projectId) });
    }, COMPLETION_RECHECK_MS);
  }, [queryClient, projectId]);
}
