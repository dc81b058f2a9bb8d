/**
 * Which API calls run on a branch (issue 39). The Overview is the one screen that works on a branch:
 * while it shows one, its reads and the changes the server takes on a branch carry the branch's id
 * (`x-sprog-branch`, added by the link). Every other call, and every call while it shows main, goes
 * to main, so a screen elsewhere never reads a branch by accident.
 *
 * The Overview sets the branch before its queries start (BranchScope); its cache is a QueryClient of
 * the branch's own, so an answer of the branch never stands in for main's or the other way round.
 */

/** Procedures (as `api` names them) that read or write the branch the Overview is on. */
export const BRANCH_PROCEDURES: ReadonlySet<string> = new Set([
  "keys.list",
  "keys.facets",
  "keys.create",
  "keys.update",
  "keys.remove",
  "strings.save",
  "strings.restore",
  "strings.history",
  "projects.completion",
  // AI: one cell, the writing assistant, and the batches of the branch (started, watched, cancelled);
  // a cell's memory suggestions read its key as the branch has it (a key added there is not main's).
  "ai.translate",
  "assist.assist",
  "memory.suggestions",
  "batch.start",
  "batch.active",
  "batch.get",
  "batch.cancel",
  // An export writes nothing: on a branch it is the branch's files.
  "transfer.export",
]);

let activeBranchId: string | null = null;

/** The branch the Overview is on (its id), or null for main. */
export function setActiveBranch(branchId: string | null): void {
  activeBranchId = branchId;
}

export function activeBranch(): string | null {
  return activeBranchId;
}

/** The branch a call to `procedure` runs on: the Overview's, for the procedures above; else none. */
export function branchOfCall(procedure: readonly string[]): string | undefined {
  if (activeBranchId === null) return undefined;
  return BRANCH_PROCEDURES.has(procedure.join(".")) ? activeBranchId : undefined;
}

/** What a call carries to the link beyond its input. */
export interface CallContext {
  /** The branch's id: the request runs on that branch. */
  branch?: string;
}
