import { type RawBuilder, sql } from "kysely";
import { CHECK_IDS, type CheckId } from "../../shared/quality/checks.ts";
import { ISSUES_FILTER, type KeyFacets, type KeyFilters } from "../../shared/schemas/key-filters.ts";
import { selectTouchedKeyIds } from "../branches/queries.ts";
import { currentBranch, onMain } from "../db/branch-scope.ts";
import type { ProjectRow } from "../teams/access.ts";
import { branchStringsOf } from "./branch-strings.ts";
import type { Db } from "./queries.ts";

/**
 * The Overview's filters (issue 19) as SQL. Every filter is a condition on one row of
 * {@link cellsOf}: a key (`k`) with its string in the filter's language (`t`), its source string
 * (`src`) and the newest current review verdict on `t` (`v`). The same conditions select a page of
 * keys (`filterMatch`) and count each filter (`selectFacets`), so a count never disagrees with the
 * list it announces.
 */

export interface FilterScope {
  projectId: string;
  sourceLanguage: string;
  /** The language the string filters look at. */
  language: string;
  /** The quality checks the project has on. */
  enabledChecks: readonly CheckId[];
}

/** A key counts towards "missing" as completion counts it: translatable plain text with a source. */
function missingIn(scope: FilterScope): RawBuilder<boolean> {
  const needsSource =
    scope.language === scope.sourceLanguage ? sql`true` : sql`coalesce(src.value, '') <> ''`;
  return sql`(k.translatable and k.value_type is null and coalesce(t.value, '') = '' and ${needsSource})`;
}

const CONDITIONS = {
  translated: sql<boolean>`(t.value <> '' and t.machine is distinct from 'pseudo')`,
  unverified: sql<boolean>`(t.value <> '' and t.machine is not null)`,
  approved: sql<boolean>`(v.state = 'approved')`,
  needsChanges: sql<boolean>`(v.state = 'needs_changes')`,
  pending: sql<boolean>`(t.value <> '' and v.state is null)`,
  described: sql<boolean>`(coalesce(k.description, '') <> '')`,
};

/**
 * Keys of the project with their cells in the scope's language, as rows `k`, `t`, `src`, `v`.
 * A verdict counts while the string it judged is the one stored (as reviews/queries.ts rules).
 */
function cellsOf(
  scope: FilterScope,
  where: RawBuilder<unknown>,
  only?: readonly string[],
): RawBuilder<unknown> {
  // Only some keys (a branch's own): their strings are looked up by id, not read whole.
  const strings = (language: string) => (only ? branchStringsOf(only, language) : sql`translation_strings`);
  return sql`
    translation_keys k
    left join ${strings(scope.language)} t on t.key_id = k.id and t.language_code = ${scope.language}
    left join ${strings(scope.sourceLanguage)} src on src.key_id = k.id and src.language_code = ${scope.sourceLanguage}
    left join (
      select distinct on (a.key_id) a.key_id, a.state
      from reviews r
      join review_approvals a on a.review_id = r.id
      left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
      where r.project_id = ${scope.projectId} and a.language_code = ${scope.language}
        and a.string_version = coalesce(s.version, 0)
        and (s.updated_at is null or s.updated_at <= a.updated_at)
      order by a.key_id, a.updated_at desc, a.review_id
    ) v on v.key_id = k.id
    where k.project_id = ${scope.projectId} and ${where}`;
}

/**
 * A stored check (issue 21) the project has on: the quality checks of each string are written with
 * it (quality/string-checks.ts), so a filter on them is an index read, not a run of the checks.
 */
function failsCheck(scope: FilterScope, id: NonNullable<KeyFilters["check"]>): RawBuilder<boolean> {
  const fails =
    id === ISSUES_FILTER
      ? sql`c.checks && ${scope.enabledChecks}::text[]`
      : scope.enabledChecks.includes(id)
        ? sql`${id} = any(c.checks)`
        : undefined;
  if (!fails) return sql<boolean>`false`;
  // The failing strings are few (migration 0047): their keys are hashed once per statement.
  return sql<boolean>`(k.id in (
    select c.key_id from string_checks c
    where c.project_id = ${scope.projectId} and c.language_code = ${scope.language} and ${fails}))`;
}

/** The scope of the filters in a project's language (the source language when none or unknown). */
export function filterScopeOf(project: ProjectRow, language: string | undefined): FilterScope {
  const disabled = new Set(project.disabled_checks);
  return {
    projectId: project.id,
    sourceLanguage: project.source_language,
    language: language && project.languages.includes(language) ? language : project.source_language,
    enabledChecks: CHECK_IDS.filter((id) => !disabled.has(id)),
  };
}

/** The set filters as one condition on a {@link cellsOf} row (true when none is set). */
function conditionOf(scope: FilterScope, filters: KeyFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.missing) parts.push(missingIn(scope));
  if (filters.translated) parts.push(CONDITIONS.translated);
  if (filters.unverified) parts.push(CONDITIONS.unverified);
  if (filters.changedSince) parts.push(sql`t.updated_at >= ${filters.changedSince}::date`);
  if (filters.approval === "approved") parts.push(CONDITIONS.approved);
  if (filters.approval === "needs_changes") parts.push(CONDITIONS.needsChanges);
  if (filters.approval === "pending") parts.push(CONDITIONS.pending);
  if (filters.placeholders) parts.push(failsCheck(scope, "placeholders"));
  if (filters.check) parts.push(failsCheck(scope, filters.check));
  if (filters.tag) parts.push(sql`${filters.tag} = any(k.tags)`);
  if (filters.described) parts.push(CONDITIONS.described);
  if (filters.namespace !== undefined) parts.push(sql`k.namespace = ${filters.namespace}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** A subquery of the ids of the keys the filters keep. */
export function filteredKeyIds(scope: FilterScope, filters: KeyFilters): RawBuilder<unknown> {
  return sql`select k.id from ${cellsOf(scope, conditionOf(scope, filters))}`;
}

/** The `match` of a key list (a condition on `translation_keys`) that keeps the filtered keys. */
export function filterMatch(scope: FilterScope, filters: KeyFilters): RawBuilder<unknown> {
  return sql`translation_keys.id in (${filteredKeyIds(scope, filters)})`;
}

/** The Overview's groups counted at most (a project of single-word prefixes could have thousands). */
const GROUPS_COUNTED = 1_000;
/** The group of keys without a prefix: the web's name for it (key-groups.ts). */
const OTHER_GROUP = "Other";

/** Tags listed beside the filters at most. */
const TAGS_SHOWN = 50;

/**
 * How many keys each filter keeps on its own, and all set filters together (`matching`), within
 * `search` (a condition on `translation_keys`, or none).
 */
export async function selectFacets(
  db: Db,
  scope: FilterScope,
  filters: KeyFilters,
  search: RawBuilder<unknown> | undefined,
): Promise<KeyFacets> {
  if (!currentBranch()) return countFacets(db, scope, filters, search);
  return countBranchFacets(db, scope, filters, search);
}

/**
 * The facets on a branch (issue 39) as main's without the keys the branch touched, plus those keys
 * as the branch has them: every count is a sum over keys, one row each. Main's part is read from
 * main's tables with main's plans (the touched keys left out by a hashed lookup per key); the
 * branch's keys are few, read by id through the views. Counted through the views instead, the
 * whole project took a third longer than main; counting main's part as main's whole less its
 * touched keys read those keys a third time.
 */
async function countBranchFacets(
  db: Db,
  scope: FilterScope,
  filters: KeyFilters,
  search: RawBuilder<unknown> | undefined,
): Promise<KeyFacets> {
  const touched = await selectTouchedKeyIds(db);
  if (touched.length === 0) return onMain(() => countFacets(db, scope, filters, search));
  // The branch's few keys are counted on one connection (their queries are short), so that main's
  // counts, in parallel as without a branch, do not wait for the pool.
  const [main, own] = await Promise.all([
    onMain(() => countFacets(db, scope, filters, search, { except: touched })),
    db.connection().execute((one) => countFacets(one, scope, filters, search, { only: touched })),
  ]);
  const plus = (name: keyof KeyFacets) => Number(main[name]) + Number(own[name]);
  const merged = <T extends { count: number }>(key: (item: T) => string, lists: [T[], T[]]) => {
    const out = new Map<string, T>();
    for (const list of lists) {
      for (const item of list) {
        const found = out.get(key(item));
        out.set(key(item), { ...item, count: (found?.count ?? 0) + item.count });
      }
    }
    return [...out.values()].filter((item) => item.count > 0);
  };
  return {
    language: scope.language,
    total: plus("total"),
    matching: plus("matching"),
    matchingMissing: plus("matchingMissing"),
    missing: plus("missing"),
    translated: plus("translated"),
    unverified: plus("unverified"),
    approved: plus("approved"),
    needsChanges: plus("needsChanges"),
    pending: plus("pending"),
    placeholders: plus("placeholders"),
    issues: plus("issues"),
    checks: merged((c) => c.id, [main.checks, own.checks]),
    described: plus("described"),
    tags: merged((t) => t.tag, [main.tags, own.tags])
      .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1))
      .slice(0, TAGS_SHOWN),
    namespaces: merged((n) => n.namespace, [main.namespaces, own.namespaces]).sort((a, b) =>
      a.namespace < b.namespace ? -1 : 1,
    ),
    groups: merged((g) => g.name, [main.groups, own.groups]).sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

/** Which keys are counted: all, only some (a branch's own) or all but some (main's, beside them). */
type CountedKeys = { only: readonly string[] } | { except: readonly string[] } | undefined;

/** The facets of the project's keys, or of some of them (`keys`). */
async function countFacets(
  db: Db,
  scope: FilterScope,
  filters: KeyFilters,
  search: RawBuilder<unknown> | undefined,
  keys?: CountedKeys,
): Promise<KeyFacets> {
  const only = keys && "only" in keys ? keys.only : undefined;
  const except = keys && "except" in keys ? sql`and k.id <> all(${[...keys.except]}::uuid[])` : sql``;
  // Only some keys: the search is checked on them alone, not on every key of the project first.
  const ids = only ? sql`id = any(${[...only]}::uuid[]) and ` : sql``;
  const searched = search ? sql`k.id in (select id from translation_keys where ${ids}${search})` : sql`true`;
  const within = only ? sql`k.id = any(${[...only]}::uuid[]) and ${searched}` : sql`${searched} ${except}`;
  const condition = conditionOf(scope, filters);
  const [counts, tags, checks, namespaces, groups] = await Promise.all([
    sql<Record<string, number>>`
      select count(*)::int as total,
        count(*) filter (where ${condition})::int as matching,
        count(*) filter (where ${condition} and ${missingIn(scope)})::int as "matchingMissing",
        count(*) filter (where ${missingIn(scope)})::int as missing,
        count(*) filter (where ${CONDITIONS.translated})::int as translated,
        count(*) filter (where ${CONDITIONS.unverified})::int as unverified,
        count(*) filter (where ${CONDITIONS.approved})::int as approved,
        count(*) filter (where ${CONDITIONS.needsChanges})::int as "needsChanges",
        count(*) filter (where ${CONDITIONS.pending})::int as pending,
        count(*) filter (where ${CONDITIONS.described})::int as described,
        count(*) filter (where ${failsCheck(scope, ISSUES_FILTER)})::int as issues
      from ${cellsOf(scope, within, only)}
    `.execute(db),
    sql<{ tag: string; count: number }>`
      select tag, count(*)::int as count
      from translation_keys k, unnest(k.tags) as tag
      where k.project_id = ${scope.projectId} and ${within}
      group by tag
      order by count(*) desc, tag
      limit ${TAGS_SHOWN}
    `.execute(db),
    // The strings with a failing check are few, in a table of their own (migration 0047).
    sql<{ id: string; count: number }>`
      select c.id, count(*)::int as count
      from string_checks t
      cross join unnest(t.checks) as c(id)
      where t.project_id = ${scope.projectId} and t.language_code = ${scope.language}
        ${only ? sql`and t.key_id = any(${[...only]}::uuid[])` : sql``}
        ${keys && "except" in keys ? sql`and t.key_id <> all(${[...keys.except]}::uuid[])` : sql``}
        ${search ? sql`and t.key_id in (select k.id from translation_keys k where k.project_id = ${scope.projectId} and ${within})` : sql``}
      group by c.id
    `.execute(db),
    // Most projects have one file a language: the partial index (migration 0030) finds no row.
    sql<{ namespace: string; count: number }>`
      select k.namespace, count(*)::int as count
      from translation_keys k
      where k.project_id = ${scope.projectId} and ${within}
        and exists (select 1 from translation_keys n where n.project_id = ${scope.projectId} and n.namespace <> '')
      group by k.namespace
      order by k.namespace
    `.execute(db),
    // The web's keyGroupName (src/web/features/translations/key-groups.ts) in SQL: the leading
    // letters and digits up to a separator. A key whose letters PostgreSQL's locale does not count
    // as such lands elsewhere here; the web then shows that group's loaded count, as before.
    sql<{ name: string; count: number }>`
      select coalesce(substring(k.key from '^([[:alnum:]]+)[^[:alnum:]]'), ${OTHER_GROUP}) as name,
        count(*)::int as count
      from ${cellsOf(scope, within, only)} and ${condition}
      group by 1
      order by 1
      limit ${GROUPS_COUNTED}
    `.execute(db),
  ]);
  const row = counts.rows[0] ?? {};
  const count = (name: string) => Number(row[name] ?? 0);
  const perCheck = new Map(checks.rows.map((c) => [c.id, Number(c.count)]));
  return {
    language: scope.language,
    total: count("total"),
    matching: count("matching"),
    matchingMissing: count("matchingMissing"),
    missing: count("missing"),
    translated: count("translated"),
    unverified: count("unverified"),
    approved: count("approved"),
    needsChanges: count("needsChanges"),
    pending: count("pending"),
    placeholders: scope.enabledChecks.includes("placeholders") ? (perCheck.get("placeholders") ?? 0) : 0,
    issues: count("issues"),
    checks: scope.enabledChecks
      .map((id) => ({ id, count: perCheck.get(id) ?? 0 }))
      .filter((c) => c.count > 0),
    described: count("described"),
    tags: tags.rows.map((tag) => ({ tag: tag.tag, count: Number(tag.count) })),
    namespaces: namespaces.rows.map((row) => ({ namespace: row.namespace, count: Number(row.count) })),
    groups: groups.rows.map((group) => ({ name: group.name, count: Number(group.count) })),
  };
}
