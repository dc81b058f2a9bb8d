import { contract } from "../../../src/shared/contract/index.ts";
import { byPermission, endpointCase, type RouteCase } from "./matrix.ts";

/** Rows of the route × role matrix: the team's usage (issue 22). */
export const USAGE_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.usage.team,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("usage.view", 200),
  }),
];
