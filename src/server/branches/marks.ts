import type { Kysely } from "kysely";
import type { KeyRow } from "../../shared/schemas/keys.ts";
import { currentBranch, onMain } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { selectChangedOnBranch } from "./queries.ts";

/** Keys listed on a branch, each marked when the branch added or changed it (the Overview's marks). */
export async function markBranchChanges(db: Kysely<DB>, keys: KeyRow[]): Promise<KeyRow[]> {
  const branch = currentBranch();
  if (!branch || keys.length === 0) return keys;
  const changed = await onMain(() =>
    selectChangedOnBranch(
      db,
      branch.id,
      keys.map((k) => k.id),
    ),
  );
  const added = new Set(changed.filter((c) => c.added).map((c) => c.id));
  const touched = new Set(changed.map((c) => c.id));
  return keys.map((key) =>
    touched.has(key.id) ? { ...key, branchChange: added.has(key.id) ? "added" : "changed" } : key,
  );
}
