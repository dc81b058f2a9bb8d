/**
 * Which API calls run on a branch (issue 39). The Overview is the one screen that works on a branch:
 * while it shows one, its reads and the changes the server takes on a branch carry the branch's id
 * (`x-sprog-branch`, added by the link). Every other call, and every call while it shows main, goes
 * to main, so a screen elsewhere never reads a branch by accident. One call names its branch itself
 * (`api.releases.publish(input, { context: { branch } })`): a release from the branch the Releases
 * screen's picker shows, while the rest of that screen (the project's releases) is main's.
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
  // Reviews made on a branch are the branch's (each review reads its own branch wherever it is
  // opened); the Overview's verdicts on a branch count its reviews and main's.
  "reviews.list",
  "reviews.create",
  "reviews.addKeys",
  "reviews.approvals",
  // A thread is its key's wherever it is read; on a branch, a key added there has one too.
  "comments.thread",
  "comments.create",
  "comments.update",
  "comments.remove",
  "comments.resolve",
  "comments.reopen",
  "comments.counts",
  // Screenshots are the project's, shared with main: on a branch a key added there can have them,
  // and the links listed are those of keys the branch has.
  "screenshots.listForProject",
  "screenshots.listForKey",
  "screenshots.upload",
  "screenshots.link",
  "screenshots.unlink",
  "screenshots.remove",
  // AI: one cell, the writing assistant, and the batches of the branch (started, watched, cancelled);
  // a cell's memory suggestions read its key as the branch has it (a key added there is not main's).
  "ai.translate",
  "assist.assist",
  "memory.suggestions",
  "batch.start",
  "batch.active",
  "batch.get",
  "batch.cancel",
  // An export writes nothing: on a branch it is the branch's files. A file imported there writes
  // the branch's keys and strings, as a push naming the branch does.
  "transfer.export",
  "transfer.import",
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
