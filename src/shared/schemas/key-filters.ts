import { z } from "zod";
import { checkIdSchema } from "../quality/checks.ts";
import { keyPageQuerySchema, TAG_MAX } from "./keys.ts";

/**
 * The Overview's filters (issue 19): combinable (all must hold), each about one language (`lang`,
 * the language column they look at; the source when absent) except tag and description. They are
 * URL query parameters both in the app's address (a link shares the view) and in the API, so their
 * values are strings: a flag is `1`.
 */
const flag = z.literal("1").optional();

/** The quality filter's value for "fails any check the project has on". */
export const ISSUES_FILTER = "issues";

export const APPROVAL_FILTERS = ["approved", "needs_changes", "pending"] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];

export const keyFiltersSchema = z.object({
  /** The language the string filters look at. */
  lang: z.string().max(35).optional(),
  /** No text in `lang` (a translatable plain-text key). */
  missing: flag,
  /** A text in `lang`, written by a person, a file or a checked AI (not pseudo-localization). */
  translated: flag,
  /** Machine output in `lang` no person has saved or approved (AI or pseudo-localization). */
  unverified: flag,
  /** The string in `lang` was written on or after this day (UTC, YYYY-MM-DD). */
  changedSince: z.iso.date("Changed since must be a date (YYYY-MM-DD)").optional(),
  /** The newest current verdict on the string in `lang`; pending: a text without one. */
  approval: z.enum(APPROVAL_FILTERS).optional(),
  /** The text in `lang` drops or invents a placeholder of the source text. */
  placeholders: flag,
  /** The text in `lang` fails this quality check (issue 21), or (`issues`) any check the project has on. */
  check: z.union([checkIdSchema, z.literal(ISSUES_FILTER)]).optional(),
  tag: z.string().trim().min(1).max(TAG_MAX).optional(),
  /** The key has a description for translators. */
  described: flag,
  /** The key belongs to this file (issue 33); empty: the language's one file. */
  namespace: z.string().max(100).optional(),
});
export type KeyFilters = z.infer<typeof keyFiltersSchema>;

/** A page of keys, searched (`q`) and filtered. */
export const keyListQuerySchema = keyPageQuerySchema.extend(keyFiltersSchema.shape);

/** The counts for the filters, within a search. */
export const keyFacetsQuerySchema = keyFiltersSchema.extend({ q: keyPageQuerySchema.shape.q });

/** The filter parameters, in the order the filter bar shows them (`lang` is not a filter itself). */
export const FILTER_NAMES = [
  "missing",
  "translated",
  "unverified",
  "changedSince",
  "approval",
  "placeholders",
  "check",
  "tag",
  "described",
  "namespace",
] as const satisfies readonly (keyof KeyFilters)[];

/** Whether any filter is set. */
export function hasFilters(filters: KeyFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name] !== undefined);
}

/**
 * How many keys each filter keeps on its own in one language, for the counts beside the filters;
 * `matching` is all set filters (and the search) together.
 */
export const keyFacetsSchema = z.object({
  language: z.string(),
  total: z.number().int(),
  matching: z.number().int(),
  /** Of `matching`, those missing a text: what a batch on the filtered keys would translate. */
  matchingMissing: z.number().int(),
  missing: z.number().int(),
  translated: z.number().int(),
  unverified: z.number().int(),
  approved: z.number().int(),
  needsChanges: z.number().int(),
  pending: z.number().int(),
  placeholders: z.number().int(),
  /** Strings failing any quality check the project has on. */
  issues: z.number().int(),
  /** Per check the project has on, the strings failing it (checks none fails are left out). */
  checks: z.array(z.object({ id: checkIdSchema, count: z.number().int() })),
  described: z.number().int(),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  /** The files the keys are in, with their counts; empty where every key is in the one file. */
  namespaces: z.array(z.object({ namespace: z.string(), count: z.number().int() })),
  /**
   * The Overview's key groups (a key's leading letters and digits, else 'Other') with the keys of
   * `matching` in each, so a group shows its whole count while its keys load page by page. At most
   * the first 1,000 groups by name; a group not listed shows what has loaded.
   */
  groups: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type KeyFacets = z.infer<typeof keyFacetsSchema>;
