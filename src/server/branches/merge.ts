import { type Kysely, sql, type Transaction } from "kysely";
import type { DiffKey, MergeResolution } from "../../shared/schemas/branches.ts";
import { type BranchScope, onBranch } from "../db/branch-scope.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { writeChecks } from "../quality/queries.ts";
import { type StringChange, writeStrings } from "../strings/string-writer.ts";
import type { BranchDiff } from "./diff.ts";
import { lockBranch, markMerged } from "./queries.ts";

/** What a merge wrote into the base. */
export interface MergeCounts {
  keysAdded: number;
  keysChanged: number;
  keysDeleted: number;
  strings: number;
  /** The keys the merge touched, for the activity entry. */
  keys: { id: string; key: string }[];
}

type Side = "branch" | "base";

/** The side each conflicting key takes, and edited texts: every conflict must have one. */
function choicesOf(diff: BranchDiff, resolutions: readonly MergeResolution[], rest: Side | undefined) {
  const byKey = new Map(resolutions.map((r) => [r.keyId, r]));
  const unresolved = diff.keys.filter((k) => k.conflict && !byKey.has(k.keyId) && !rest);
  if (unresolved.length > 0) {
    const names = unresolved
      .slice(0, 3)
      .map((k) => k.key)
      .join(", ");
    const more = unresolved.length > 3 ? ` and ${unresolved.length - 3} more` : "";
    throw new AppError(
      "conflict",
      `${unresolved.length === 1 ? "1 conflict is" : `${unresolved.length} conflicts are`} not resolved: ${names}${more}. Choose the branch's or the base's text for each.`,
    );
  }
  return (key: DiffKey): MergeResolution | undefined =>
    key.conflict ? (byKey.get(key.keyId) ?? { keyId: key.keyId, take: rest ?? "branch" }) : undefined;
}

/**
 * Merges a branch into its base (main, or the branch it came from) in one transaction, on the
 * base's own scope: into main the writes are main's tables, into a branch they are that branch's rows
 * through its views. Strings go through the string writer (origin `merge`), so each keeps its
 * history and its checks; a key added on the branch arrives with its id, strings and history.
 * The branch's rows the diff was made of are then forgotten (a row written meanwhile is not), so the
 * branch reads as its base and can go on, and merge again.
 */
export async function applyMerge(
  db: Kysely<DB>,
  input: {
    branch: BranchScope;
    base: BranchScope | undefined;
    diff: BranchDiff;
    resolutions: readonly MergeResolution[];
    rest: Side | undefined;
    userId: string | null;
  },
): Promise<MergeCounts> {
  const { branch, base, diff, userId } = input;
  const choiceOf = choicesOf(diff, input.resolutions, input.rest);
  const ownKey = new Map(diff.own.keys.map((k) => [k.id, k]));
  const ownString = new Map(diff.own.strings.map((s) => [`${s.key_id}\u0000${s.language_code}`, s]));

  const added: string[] = [];
  const deleted: string[] = [];
  const changedKeys: string[] = [];
  const changes: StringChange[] = [];
  const emptied: { keyId: string; language: string }[] = [];
  const touched: { id: string; key: string }[] = [];
  for (const key of diff.keys) {
    const choice = choiceOf(key);
    const keyLevelConflict = key.conflict && !key.strings.some((s) => s.conflict);
    // A conflict of the key itself (renamed otherwise, deleted, name taken) taken from the base: the
    // branch's change of it is dropped, strings and all.
    if (keyLevelConflict && choice?.take === "base") continue;
    const clash = diff.clashes.get(key.keyId);
    const target = clash ?? key.keyId;
    touched.push({ id: target, key: key.key });
    if (key.change === "added" && !clash) {
      added.push(key.keyId);
      continue;
    }
    if (key.change === "deleted") {
      deleted.push(key.keyId);
      continue;
    }
    // A changed key the base deleted meanwhile comes back, if the branch's side is taken.
    if (key.conflict && key.change !== "added" && key.baseKey === null && keyLevelConflict) {
      // Only strings changed on the branch: the key itself is the base's, and the base deleted it.
      if (ownKey.has(key.keyId)) added.push(key.keyId);
      continue;
    }
    if (key.change === "renamed" || (key.change === "changed" && ownKey.has(key.keyId) && !clash)) {
      changedKeys.push(key.keyId);
    }
    for (const string of key.strings) {
      let value = string.branch;
      if (string.conflict && choice?.take === "base") continue;
      if (string.conflict && choice?.take === "edit")
        value = choice.values?.[string.language] ?? string.branch;
      if (value === null) {
        emptied.push({ keyId: target, language: string.language });
        continue;
      }
      const own = ownString.get(`${key.keyId}\u0000${string.language}`);
      changes.push({
        keyId: target,
        projectId: branch.projectId,
        language: string.language,
        value,
        state: own?.state,
      });
    }
  }

  return onBranch(base, () =>
    db.transaction().execute(async (trx) => {
      await lockBranch(trx, branch.id);
      if (added.length > 0) await copyAddedKeys(trx, branch.id, base, added);
      if (deleted.length > 0)
        await sql`delete from translation_keys where id = any(${deleted}::uuid[])`.execute(trx);
      if (changedKeys.length > 0) await applyKeyChanges(trx, branch.id, changedKeys);
      const checked = await checkedOnBranch(trx, branch.id, changes, ownKey);
      const written = await writeStrings(trx, changes, { origin: "merge", userId, checked: checked.cells });
      await checked.apply();
      if (emptied.length > 0) await emptyStrings(trx, emptied, userId);
      await forgetMerged(trx, branch.id, diff);
      await markMerged(trx, branch.id, userId);
      return {
        keysAdded: added.length,
        keysChanged: changedKeys.length,
        keysDeleted: deleted.length,
        strings: written.length + emptied.length,
        keys: touched,
      };
    }),
  );
}

const KEY_COLUMNS = sql.raw(
  "id, project_id, key, created_at, updated_at, description, context, tags, max_length, translatable, value_type, namespace, position, format_meta",
);
const STRING_COLUMNS = sql.raw(
  "id, key_id, project_id, language_code, value, version, updated_by, created_at, updated_at, machine, state",
);
const HISTORY_COLUMNS = sql.raw(
  "id, key_id, project_id, language_code, value, version, origin, user_id, created_at, agent",
);

/**
 * Keys the branch added, into the base as they are: same id, strings with their versions and
 * checks, and their history moved along (into main's, or the base branch's).
 */
async function copyAddedKeys(
  trx: Transaction<DB>,
  branchId: string,
  base: BranchScope | undefined,
  ids: readonly string[],
): Promise<void> {
  try {
    await sql`
      insert into translation_keys (${KEY_COLUMNS})
      select ${KEY_COLUMNS} from branch_keys where branch_id = ${branchId} and id = any(${ids}::uuid[])
    `.execute(trx);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        "conflict",
        "A key the branch adds was added to the base meanwhile: open the merge again",
      );
    }
    throw error;
  }
  await sql`
    insert into translation_strings (${STRING_COLUMNS})
    select ${STRING_COLUMNS} from branch_strings
    where branch_id = ${branchId} and key_id = any(${ids}::uuid[]) and not deleted
  `.execute(trx);
  // Into main's table, or through the base branch's view into its own rows.
  await sql`
    insert into string_checks (key_id, language_code, project_id, checks, string_version)
    select c.key_id, c.language_code, c.project_id, c.checks, c.string_version from branch_checks c
    where c.branch_id = ${branchId} and c.key_id = any(${ids}::uuid[]) and c.checks <> '{}'
      and exists (select 1 from branch_strings s where s.branch_id = c.branch_id and s.key_id = c.key_id
        and s.language_code = c.language_code and not s.deleted)
  `.execute(trx);
  if (base) {
    await sql`
      update branch_history set branch_id = ${base.id} where branch_id = ${branchId} and key_id = any(${ids}::uuid[])
    `.execute(trx);
    return;
  }
  await sql`
    insert into string_history (${HISTORY_COLUMNS}) overriding system value
    select ${HISTORY_COLUMNS} from branch_history where branch_id = ${branchId} and key_id = any(${ids}::uuid[])
  `.execute(trx);
  await sql`delete from branch_history where branch_id = ${branchId} and key_id = any(${ids}::uuid[])`.execute(
    trx,
  );
}

/**
 * Translations the branch checked again when it changed their source (its `branch_checks` of
 * cells it has no string of). Where the base has the same version of the translation, and takes
 * the branch's source text now, the branch's checks are the base's: they are written as they are
 * rather than computed again (a merge of 900 source texts rechecked 7,000 translations in 2.3 s).
 */
async function checkedOnBranch(
  trx: Transaction<DB>,
  branchId: string,
  changes: readonly StringChange[],
  ownKey: ReadonlyMap<string, unknown>,
) {
  const project = await sql<{ source: string }>`
    select p.source_language as source from projects p join branches b on b.project_id = p.id where b.id = ${branchId}
  `.execute(trx);
  const source = project.rows[0]?.source;
  const sources = new Set(
    changes.filter((c) => c.language === source && !ownKey.has(c.keyId)).map((c) => c.keyId),
  );
  const cells = new Set<string>();
  if (sources.size === 0) return { cells, apply: async () => {} };
  const rows = await sql<{
    key_id: string;
    language_code: string;
    project_id: string;
    checks: string[];
    version: number;
  }>`
    select c.key_id, c.language_code, c.project_id, c.checks, t.version
    from branch_checks c
    join translation_strings t on t.key_id = c.key_id and t.language_code = c.language_code
    where c.branch_id = ${branchId} and c.key_id = any(${[...sources]}::uuid[])
      and c.language_code <> ${source ?? ""} and t.version = c.string_version
      and not exists (select 1 from branch_strings s
        where s.branch_id = c.branch_id and s.key_id = c.key_id and s.language_code = c.language_code)
  `.execute(trx);
  for (const row of rows.rows) cells.add(`${row.key_id}:${row.language_code}`);
  return {
    cells,
    apply: () =>
      writeChecks(
        trx,
        rows.rows.map((row) => ({
          keyId: row.key_id,
          projectId: row.project_id,
          language: row.language_code,
          version: Number(row.version),
          checks: row.checks.join(" "),
        })),
      ),
  };
}

/** Renames and metadata of keys the branch changed, as the branch has them. */
async function applyKeyChanges(
  trx: Transaction<DB>,
  branchId: string,
  ids: readonly string[],
): Promise<void> {
  try {
    await sql`
      update translation_keys k set key = b.key, namespace = b.namespace, description = b.description,
        context = b.context, tags = b.tags, max_length = b.max_length, translatable = b.translatable,
        value_type = b.value_type, format_meta = b.format_meta, updated_at = now()
      from branch_keys b
      where b.branch_id = ${branchId} and b.id = k.id and k.id = any(${ids}::uuid[])
    `.execute(trx);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        "conflict",
        "A key the branch renames has a name the base gave another key meanwhile",
      );
    }
    throw error;
  }
}

/** Strings the branch deleted: gone from the base too, each with a history row saying so. */
async function emptyStrings(
  trx: Transaction<DB>,
  cells: readonly { keyId: string; language: string }[],
  userId: string | null,
): Promise<void> {
  const keyIds = cells.map((c) => c.keyId);
  const languages = cells.map((c) => c.language);
  await sql`
    with gone as (
      delete from translation_strings s
      using unnest(${keyIds}::uuid[], ${languages}::text[]) as t(k, l)
      where s.key_id = t.k and s.language_code = t.l
      returning s.key_id, s.project_id, s.language_code, s.version
    )
    insert into string_history (key_id, project_id, language_code, value, version, origin, user_id)
    select key_id, project_id, language_code, null, version + 1, 'merge', ${userId} from gone
  `.execute(trx);
}

/** The branch's rows the merge was made of; one written since (another version) stays. */
async function forgetMerged(trx: Transaction<DB>, branchId: string, diff: BranchDiff): Promise<void> {
  const strings = diff.own.strings;
  await sql`
    delete from branch_strings s
    using unnest(${strings.map((s) => s.key_id)}::uuid[], ${strings.map((s) => s.language_code)}::text[],
      ${strings.map((s) => s.version)}::int[]) as t(k, l, v)
    where s.branch_id = ${branchId} and s.key_id = t.k and s.language_code = t.l and s.version = t.v
  `.execute(trx);
  // The checks of the keys merged, but of a string the branch still has (written since).
  await sql`
    delete from branch_checks c
    where c.branch_id = ${branchId} and c.key_id = any(${diff.keys.map((k) => k.keyId)}::uuid[])
      and not exists (select 1 from branch_strings s
        where s.branch_id = c.branch_id and s.key_id = c.key_id and s.language_code = c.language_code)
  `.execute(trx);
  const keys = diff.own.keys;
  await sql`
    delete from branch_keys b
    using unnest(${keys.map((k) => k.id)}::uuid[], ${keys.map((k) => new Date(k.updated_at).toISOString())}::timestamptz[]) as t(i, u)
    where b.branch_id = ${branchId} and b.id = t.i and date_trunc('milliseconds', b.updated_at) = t.u
  `.execute(trx);
}
