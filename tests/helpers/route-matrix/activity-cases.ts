import { contract } from "../../../src/shared/contract/index.ts";
import { byPermission, endpointCase, type RouteCase } from "./matrix.ts";

/** Rows of the route × role matrix: the team's activity feed (issue 22). */
export const ACTIVITY_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.activity.list,
    input: (f) => ({ params: { teamId: f.teamId }, query: { kind: "key.created" } }),
    expected: byPermission("activity.view", 200),
  }),
];
