import type { AnyContractProcedure } from "@orpc/contract";
import { honoPath } from "../../../src/shared/contract/http-request.ts";
import { v1Contract } from "../../../src/shared/contract/v1.ts";
import { everyone, type RouteCase } from "./matrix.ts";

/** A well-formed id for a path parameter: the key check answers before anything looks it up. */
const ANY_ID = "00000000-0000-4000-8000-000000000000";

/** A row of an /api/v1 endpoint: everyone gets 401 without a key, before the input is read. */
export function keyOnly(procedure: AnyContractProcedure): RouteCase {
  const { method = "GET", path = "" } = procedure["~orpc"].route;
  const route = `${method} /api${honoPath(path)}`;
  return {
    route,
    path: () => `/api${path.replace(/\{[^}]+\}/g, ANY_ID)}`,
    ...(method === "GET" ? {} : { body: () => ({}) }),
    expected: everyone(401),
  };
}

/**
 * The coding agents' procedures (issue 36) and the MCP server: authorized by a project API key,
 * which a session does not carry, so everyone gets 401 before the input is read.
 */
export const AGENT_CASES: RouteCase[] = [
  ...[v1Contract.developer, v1Contract.translator, v1Contract.reviewer, v1Contract.context].flatMap((part) =>
    Object.values(part as Record<string, AnyContractProcedure>).map(keyOnly),
  ),
  ...["POST", "GET", "DELETE"].map(
    (method): RouteCase => ({
      route: `${method} /mcp`,
      path: () => "/mcp",
      ...(method === "POST" ? { body: () => ({ jsonrpc: "2.0", id: 1, method: "tools/list" }) } : {}),
      expected: everyone(401),
    }),
  ),
];
