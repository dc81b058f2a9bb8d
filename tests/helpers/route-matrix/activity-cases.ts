import { contract } from "../../../src/shared/contract/index.ts";
import { byPermission, endpointCase, type RouteCase } from "./matrix.ts";

/** Rows of the route × role matrix: the team's activity feed and a project's dashboard (issue 22). */
export const ACTIVITY_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.activity.list,
    input: (f) => ({ params: { teamId: f.teamId }, query: { kind: "key.created" } }),
    expected: byPermission("activity.view", 200),
  }),
  // The project dashboard (issue 22): every member of the project's team.
  endpointCase({
    endpoint: contract.activity.dashboard,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("activity.view", 200),
  }),
];
