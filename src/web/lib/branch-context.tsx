import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useLayoutEffect } from "react";
import { setActiveBranch } from "./branch-scope.ts";
import { createQueryClient } from "./query-client.ts";

/** The branch a screen works on (issue 39); null: main. */
export interface BranchRef {
  id: string;
  name: string;
}

const BranchContext = createContext<BranchRef | null>(null);

/** The branch the Overview is on, or null on main (and on every other screen). */
export function useBranch(): BranchRef | null {
  return useContext(BranchContext);
}

/** One cache per branch, kept while the app is open: switching back finds its lists again. */
const branchClients = new Map<string, QueryClient>();

function clientOf(branchId: string): QueryClient {
  let client = branchClients.get(branchId);
  if (!client) {
    client = createQueryClient();
    branchClients.set(branchId, client);
  }
  return client;
}

/** A merge or delete made the branch's cache wrong: the next visit fetches afresh. */
export function forgetBranchCache(branchId: string): void {
  branchClients.get(branchId)?.clear();
  branchClients.delete(branchId);
}

/**
 * Puts what it holds on `branch`: its queries and changes live in the branch's own QueryClient (main's
 * keys and a branch's can never answer for each other, whatever prefix a change refreshes), and the
 * calls of `BRANCH_PROCEDURES` carry the branch. The branch is set in a layout effect, which runs
 * before the children's queries start (they fetch from passive effects); on main it renders `children`
 * as they are.
 */
export function BranchScope({ branch, children }: { branch: BranchRef | null; children: ReactNode }) {
  const id = branch?.id ?? null;
  useLayoutEffect(() => {
    setActiveBranch(id);
    return () => setActiveBranch(null);
  }, [id]);
  if (!branch) return <>{children}</>;
  return (
    // Keyed: a hook's observer keeps the client it was made with, so another branch remounts.
    <QueryClientProvider key={branch.id} client={clientOf(branch.id)}>
      <BranchContext.Provider value={branch}>{children}</BranchContext.Provider>
    </QueryClientProvider>
  );
}
