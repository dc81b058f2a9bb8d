import { contract } from "../../../src/shared/contract/index.ts";
import { v1Contract } from "../../../src/shared/contract/v1.ts";
import { call } from "../contract-client.ts";
import { keyOnly } from "./agent-cases.ts";
import { byPermission, endpointCase, type Fixture, type RouteCase, unique } from "./matrix.ts";

const branchName = () => unique("matrix/");

/** A branch of the fixture's project, started by its owner. */
async function freshBranch(f: Fixture): Promise<string> {
  const answer = await call(f.owner, contract.branches.create, {
    params: { projectId: f.projectId },
    body: { name: branchName() },
  });
  if (answer.status !== 201) throw new Error(`starting a branch failed: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

/**
 * Rows of the route × role matrix: branches (issue 39). Everyone works on and merges a branch into
 * an unprotected main; owners and admins start, protect and delete them. Someone outside the team
 * finds no branch (404); /api/v1's are a key's (401 for every session).
 */
export const BRANCH_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.branches.list,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("branches.view", 200),
  }),
  endpointCase({
    endpoint: contract.branches.create,
    input: (f) => ({ params: { projectId: f.projectId }, body: { name: branchName() } }),
    expected: byPermission("branches.manage", 201),
  }),
  endpointCase({
    endpoint: contract.branches.update,
    input: async (f) => ({ params: { id: await freshBranch(f) }, body: { protected: true } }),
    expected: byPermission("branches.manage", 200),
  }),
  endpointCase({
    endpoint: contract.branches.archive,
    input: async (f) => ({ params: { id: await freshBranch(f) } }),
    expected: byPermission("branches.manage", 200),
  }),
  endpointCase({
    endpoint: contract.branches.diff,
    input: async (f) => ({ params: { id: await freshBranch(f) } }),
    expected: byPermission("branches.view", 200),
  }),
  endpointCase({
    endpoint: contract.branches.merge,
    input: async (f) => ({ params: { id: await freshBranch(f) }, body: {} }),
    expected: byPermission("branches.merge", 200),
  }),
  endpointCase({
    endpoint: contract.branches.settings,
    input: (f) => ({ params: { projectId: f.projectId }, body: { mainProtected: false } }),
    expected: byPermission("branches.manage", 200),
  }),
  keyOnly(v1Contract.branches),
  keyOnly(v1Contract.createBranch),
  keyOnly(v1Contract.mergeBranch),
  keyOnly(v1Contract.archiveBranch),
];
