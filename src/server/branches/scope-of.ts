import type { Kysely } from "kysely";
import { type BranchScope, onMain } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type BranchRow, selectBranch, selectChain } from "./queries.ts";

/** The scope of work on the branch of a row (a branch's review, its thread); undefined: main. */
export async function scopeOfBranch(
  db: Kysely<DB>,
  branchId: string | null,
): Promise<BranchScope | undefined> {
  if (branchId === null) return undefined;
  const row = await onMain(() => selectBranch(db, branchId));
  if (!row) throw new AppError("not_found", "Branch not found");
  return scopeOfRow(db, row);
}

export async function scopeOfRow(db: Kysely<DB>, row: BranchRow): Promise<BranchScope> {
  const chain = await onMain(() => selectChain(db, row.id));
  return { id: row.id, name: row.name, projectId: row.project_id, chain };
}
