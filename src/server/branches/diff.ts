import type { Kysely } from "kysely";
import type { DiffKey, DiffString, KeyChange } from "../../shared/schemas/branches.ts";
import { type BranchScope, onBranch, onMain } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import {
  type BranchKeyRow,
  type BranchStringRow,
  selectBranchKeys,
  selectBranchStrings,
  selectKeyMeta,
  selectKeysNamed,
  selectStringsOf,
} from "./queries.ts";

/**
 * What a branch changes against its base (issue 39), worked out from the branch's own rows and the
 * base as it is now. A string conflicts when the base changed it too, since the branch first did,
 * to another text than the branch's; a key conflicts when the base renamed it otherwise, deleted it
 * while the branch changed it, or has a key of the name the branch added.
 */
export interface BranchDiff {
  keys: DiffKey[];
  conflicts: number;
  /** The branch's own rows the diff was made of, for the merge to apply and then forget. */
  own: { keys: BranchKeyRow[]; strings: BranchStringRow[] };
  /** Added keys whose name the base has now: the base's key of that name. */
  clashes: Map<string, string>;
}

const META_FIELDS = ["description", "context", "max_length", "translatable", "value_type"] as const;

export async function diffBranch(
  db: Kysely<DB>,
  branch: BranchScope,
  base: BranchScope | undefined,
): Promise<BranchDiff> {
  const [ownKeys, ownStrings] = await onMain(() =>
    Promise.all([selectBranchKeys(db, branch.id), selectBranchStrings(db, branch.id)]),
  );
  const keyIds = [...new Set([...ownKeys.map((k) => k.id), ...ownStrings.map((s) => s.key_id)])];
  const addedNames = ownKeys.filter((k) => k.base_key === null && !k.deleted).map((k) => k.key);
  const [seen, baseKeys, baseStrings, named] = await Promise.all([
    onBranch(branch, () => selectKeyMeta(db, keyIds)),
    onBranch(base, () => selectKeyMeta(db, keyIds)),
    onBranch(base, () => selectStringsOf(db, keyIds)),
    onBranch(base, () => selectKeysNamed(db, branch.projectId, addedNames)),
  ]);
  const seenById = new Map(seen.map((k) => [k.id, k]));
  const baseById = new Map(baseKeys.map((k) => [k.id, k]));
  const baseValue = new Map(baseStrings.map((s) => [`${s.key_id}\u0000${s.language_code}`, s.value]));
  const ownKeyById = new Map(ownKeys.map((k) => [k.id, k]));
  const stringsByKey = new Map<string, BranchStringRow[]>();
  for (const row of ownStrings) {
    const list = stringsByKey.get(row.key_id) ?? [];
    list.push(row);
    stringsByKey.set(row.key_id, list);
  }
  const namedByKey = new Map(named.map((k) => [k.key, k.id]));
  const clashes = new Map<string, string>();
  for (const own of ownKeys) {
    const taken = own.base_key === null && !own.deleted ? namedByKey.get(own.key) : undefined;
    if (taken) clashes.set(own.id, taken);
  }
  if (clashes.size > 0) {
    const taken = await onBranch(base, () => selectStringsOf(db, [...clashes.values()]));
    for (const s of taken) baseValue.set(`${s.key_id}\u0000${s.language_code}`, s.value);
  }

  const keys: DiffKey[] = [];
  for (const id of keyIds) {
    const own = ownKeyById.get(id);
    const onBase = baseById.get(id);
    const current = seenById.get(id);
    let change: KeyChange = "changed";
    let keyConflict = false;
    let baseKey: string | null = null;
    if (own?.deleted) {
      // Added and deleted on the branch, or deleted on both sides: nothing to merge.
      if (own.base_key === null || !onBase) continue;
      change = "deleted";
      baseKey = onBase.key;
    } else if (own && own.base_key === null) {
      change = "added";
      if (clashes.has(id)) {
        keyConflict = true;
        baseKey = own.key;
      }
    } else if (!onBase) {
      // The base deleted a key the branch changed.
      keyConflict = true;
    } else if (own && (own.key !== onBase.key || own.namespace !== onBase.namespace)) {
      change = "renamed";
      baseKey = onBase.key;
      // Renamed on the base too, to another name.
      keyConflict = onBase.key !== own.base_key && onBase.key !== own.key;
    }
    const strings: DiffString[] = [];
    for (const row of stringsByKey.get(id) ?? []) {
      const branchValue = row.deleted ? null : row.value;
      const was = row.based ? row.base_value : null;
      // Written again with the text it had (a check recomputed, an edit undone): no change.
      if (branchValue === was) continue;
      const now = baseValue.get(`${clashes.get(id) ?? id}\u0000${row.language_code}`) ?? null;
      if (now === branchValue) continue;
      strings.push({
        language: row.language_code,
        was,
        base: now,
        branch: branchValue,
        conflict: now !== was,
      });
    }
    const metaChanged =
      own !== undefined &&
      onBase !== undefined &&
      change === "changed" &&
      (META_FIELDS.some((field) => own[field] !== onBase[field]) ||
        own.tags.join("\u0000") !== onBase.tags.join("\u0000"));
    if (change === "changed" && !keyConflict && !metaChanged && strings.length === 0) continue;
    strings.sort((a, b) => a.language.localeCompare(b.language));
    keys.push({
      keyId: id,
      key: own?.key ?? current?.key ?? onBase?.key ?? "",
      namespace: own?.namespace ?? current?.namespace ?? onBase?.namespace ?? "",
      change,
      baseKey,
      strings,
      conflict: keyConflict || strings.some((s) => s.conflict),
    });
  }
  keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    keys,
    conflicts: keys.filter((k) => k.conflict).length,
    own: { keys: ownKeys, strings: ownStrings },
    clashes,
  };
}
