import { type RawBuilder, sql } from "kysely";
import { comparePlaceholders } from "../../shared/placeholders/check.ts";
import type { KeyFacets, KeyFilters } from "../../shared/schemas/key-filters.ts";
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
function cellsOf(scope: FilterScope, where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    translation_keys k
    left join translation_strings t on t.key_id = k.id and t.language_code = ${scope.language}
    left join translation_strings src on src.key_id = k.id and src.language_code = ${scope.sourceLanguage}
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

/** Placeholder checks remembered per project and language pair, while their strings stay as they were. */
const PLACEHOLDER_CACHE_ENTRIES = 64;
const placeholderCache = new Map<string, { stamp: string; ids: string[] }>();

/**
 * Keys whose text in the language drops or invents a placeholder of the source text: the shared
 * placeholder engine decides, the one the editor flags cells with, so it runs here, not in SQL.
 * Checking 45,000 pairs takes about half a second, and the counts are asked for after every edit,
 * so the answer is kept until a string of either language changes: every write adds to the sum of
 * versions (even one whose transaction began long ago, so its `updated_at` is older than the newest),
 * a deletion moves the count, and a string deleted and written anew the newest time.
 */
export async function placeholderProblemKeys(db: Db, scope: FilterScope): Promise<string[]> {
  if (scope.language === scope.sourceLanguage) return [];
  const languages = [scope.sourceLanguage, scope.language];
  const stamped = await sql<{ n: number; versions: number; newest: Date | string | null }>`
    select count(*)::int as n, coalesce(sum(version), 0)::bigint as versions, max(updated_at) as newest
    from translation_strings
    where project_id = ${scope.projectId} and language_code = any(${languages}::text[])
  `.execute(db);
  const row = stamped.rows[0];
  const stamp = `${row?.n ?? 0}:${row?.versions ?? 0}:${row?.newest ? new Date(row.newest).toISOString() : ""}`;
  const cacheKey = `${scope.projectId}:${scope.sourceLanguage}:${scope.language}`;
  const cached = placeholderCache.get(cacheKey);
  if (cached?.stamp === stamp) return cached.ids;
  const result = await sql<{ id: string; source: string; target: string }>`
    select t.key_id as id, src.value as source, t.value as target
    from translation_strings t
    join translation_strings src on src.key_id = t.key_id and src.language_code = ${scope.sourceLanguage}
    where t.project_id = ${scope.projectId} and t.language_code = ${scope.language} and t.value <> ''
  `.execute(db);
  const ids = result.rows
    .filter((pair) => !comparePlaceholders(pair.source, pair.target).matches)
    .map((pair) => pair.id);
  placeholderCache.delete(cacheKey);
  placeholderCache.set(cacheKey, { stamp, ids });
  if (placeholderCache.size > PLACEHOLDER_CACHE_ENTRIES) {
    const oldest = placeholderCache.keys().next().value;
    if (oldest !== undefined) placeholderCache.delete(oldest);
  }
  return ids;
}

/** The set filters as one condition on a {@link cellsOf} row (true when none is set). */
async function conditionOf(db: Db, scope: FilterScope, filters: KeyFilters): Promise<RawBuilder<unknown>> {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.missing) parts.push(missingIn(scope));
  if (filters.translated) parts.push(CONDITIONS.translated);
  if (filters.unverified) parts.push(CONDITIONS.unverified);
  if (filters.changedSince) parts.push(sql`t.updated_at >= ${filters.changedSince}::date`);
  if (filters.approval === "approved") parts.push(CONDITIONS.approved);
  if (filters.approval === "needs_changes") parts.push(CONDITIONS.needsChanges);
  if (filters.approval === "pending") parts.push(CONDITIONS.pending);
  if (filters.placeholders) parts.push(sql`k.id = any(${await placeholderProblemKeys(db, scope)}::uuid[])`);
  if (filters.tag) parts.push(sql`${filters.tag} = any(k.tags)`);
  if (filters.described) parts.push(CONDITIONS.described);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** A subquery of the ids of the keys the filters keep. */
export async function filteredKeyIds(
  db: Db,
  scope: FilterScope,
  filters: KeyFilters,
): Promise<RawBuilder<unknown>> {
  return sql`select k.id from ${cellsOf(scope, await conditionOf(db, scope, filters))}`;
}

/** The `match` of a key list (a condition on `translation_keys`) that keeps the filtered keys. */
export async function filterMatch(
  db: Db,
  scope: FilterScope,
  filters: KeyFilters,
): Promise<RawBuilder<unknown>> {
  return sql`translation_keys.id in (${await filteredKeyIds(db, scope, filters)})`;
}

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
  const within = search ? sql`k.id in (select id from translation_keys where ${search})` : sql`true`;
  const condition = await conditionOf(db, scope, filters);
  const [counts, tags, placeholderKeys] = await Promise.all([
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
        count(*) filter (where ${CONDITIONS.described})::int as described
      from ${cellsOf(scope, within)}
    `.execute(db),
    sql<{ tag: string; count: number }>`
      select tag, count(*)::int as count
      from translation_keys k, unnest(k.tags) as tag
      where k.project_id = ${scope.projectId} and ${within}
      group by tag
      order by count(*) desc, tag
      limit ${TAGS_SHOWN}
    `.execute(db),
    search ? undefined : placeholderProblemKeys(db, scope),
  ]);
  const row = counts.rows[0] ?? {};
  const count = (name: string) => Number(row[name] ?? 0);
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
    placeholders: placeholderKeys?.length ?? (await placeholderKeysWithin(db, scope, within)),
    described: count("described"),
    tags: tags.rows.map((tag) => ({ tag: tag.tag, count: Number(tag.count) })),
  };
}

/** Placeholder problems among the searched keys only. */
async function placeholderKeysWithin(
  db: Db,
  scope: FilterScope,
  within: RawBuilder<unknown>,
): Promise<number> {
  const ids = await placeholderProblemKeys(db, scope);
  if (ids.length === 0) return 0;
  const result = await sql<{ n: number }>`
    select count(*)::int as n from translation_keys k
    where k.project_id = ${scope.projectId} and k.id = any(${ids}::uuid[]) and ${within}
  `.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
