import { useCallback, useEffect, useMemo } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import type { BranchRef } from "../../../lib/branch-context.tsx";
import { useBranches } from "../api/branches.ts";

/** The address parameter naming the branch the Overview is on (its name: a link reads well). */
export const BRANCH_PARAM = "branch";

export interface AddressBranch {
  /** The branch the Overview is on; null: main. */
  branch: BranchRef | null;
  /** The address names a branch and the project's branches are still on their way. */
  resolving: boolean;
  /** Switches to a branch by name (null: main), keeping the rest of the address. */
  select: (name: string | null) => void;
}

/**
 * The Overview's branch, kept in the address as `?branch=<name>` so a link can be shared. A name the
 * project has no live branch of (deleted, or another project's) falls back to main, with a notice.
 */
export function useAddressBranch(projectId: string | null): AddressBranch {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(BRANCH_PARAM);
  // Asked only when the address names a branch: main's Overview waits for nothing more.
  const list = useBranches(wanted ? projectId : null);
  const found = wanted ? list.data?.branches.find((b) => b.name === wanted) : undefined;

  const select = useCallback(
    (name: string | null) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          if (name === null) next.delete(BRANCH_PARAM);
          else next.set(BRANCH_PARAM, name);
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  const unknown = wanted !== null && (list.isError || (list.data !== undefined && !found));
  useEffect(() => {
    if (!unknown) return;
    toast.info(`There is no branch “${wanted}” in this project: showing main.`);
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete(BRANCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [unknown, wanted, setParams]);

  const branch = useMemo(() => (found ? { id: found.id, name: found.name } : null), [found]);
  return {
    branch,
    resolving: wanted !== null && !found && !unknown && projectId !== null,
    select,
  };
}
