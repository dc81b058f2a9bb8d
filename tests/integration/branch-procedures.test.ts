import type { AnyContractProcedure } from "@orpc/contract";
import { describe, expect, it } from "vitest";
import { changeTakenOnABranch } from "../../src/server/branches/routes.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { BRANCH_PROCEDURES } from "../../src/web/lib/branch-scope.ts";

/** The contract's procedure of an `api` name ("transfer.import"). */
function procedureOf(name: string): AnyContractProcedure | undefined {
  let at: unknown = contract;
  for (const part of name.split(".")) at = (at as Record<string, unknown> | undefined)?.[part];
  return at && typeof at === "object" && "~orpc" in at ? (at as AnyContractProcedure) : undefined;
}

describe("the web's calls on a branch", () => {
  it("are procedures of the contract, and each change among them is one the server takes on a branch", () => {
    const changes: string[] = [];
    for (const name of BRANCH_PROCEDURES) {
      const procedure = procedureOf(name);
      expect(procedure, `${name} is a procedure of the contract`).toBeDefined();
      const { method = "GET", path = "/" } = (procedure as AnyContractProcedure)["~orpc"].route;
      if (method === "GET" || method === "HEAD") continue;
      changes.push(name);
      const concrete = `/api${path.replace(/\{([^}]+)\}/g, "$1")}`;
      expect(changeTakenOnABranch(method, concrete), `${name} (${method} ${path}) is taken on a branch`).toBe(
        true,
      );
    }
    // The Overview's changes on a branch: strings, keys, AI, reviews, comments, screenshots, imports.
    expect(changes).toEqual(expect.arrayContaining(["strings.save", "keys.create", "transfer.import"]));
  });
});
