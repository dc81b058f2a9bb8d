import type { Branch, BranchList } from "../../../shared/schemas/branches.ts";

/** A branch as the API answers it; `extra` overrides. */
export function branchOf(name: string, extra: Partial<Branch> = {}): Branch {
  return {
    id: `id-${name}`,
    name,
    baseId: null,
    baseName: "main",
    protected: false,
    createdAt: "2026-11-01T10:00:00.000Z",
    createdBy: "Olga Owner",
    mergedAt: null,
    merges: 0,
    archivedAt: null,
    changes: { keysAdded: 2, keysChanged: 1, keysDeleted: 0, strings: 5 },
    ...extra,
  };
}

export const LIST: BranchList = {
  mainProtected: false,
  mergeRequiresReview: false,
  branches: [branchOf("feature/checkout"), branchOf("feature/search", { protected: true })],
  archived: [branchOf("old/idea", { archivedAt: "2026-11-10T10:00:00.000Z" })],
};
