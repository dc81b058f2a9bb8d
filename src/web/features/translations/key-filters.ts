import { FILTER_NAMES, type KeyFilters, keyFiltersSchema } from "../../../shared/schemas/key-filters.ts";

/** A filter of the Overview by its query parameter name. */
export type FilterName = (typeof FILTER_NAMES)[number];

const SHAPE = keyFiltersSchema.shape;

/**
 * The filters an address carries (issue 19: a link shares the view). Each parameter is read on its
 * own, so one that is malformed (an edited link) is dropped instead of losing the others.
 */
export function filtersFromParams(params: URLSearchParams): KeyFilters {
  const filters: KeyFilters = {};
  for (const name of [...FILTER_NAMES, "lang"] as const) {
    const raw = params.get(name);
    if (raw === null) continue;
    const parsed = SHAPE[name].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [name]: parsed.data });
  }
  return filters;
}

/** The filters as a query string in a fixed order ('' when none): a cache key, and the API's query. */
export function filtersQuery(filters: KeyFilters): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined) params.set(name, value);
  }
  if (params.size > 0 && filters.lang) params.set("lang", filters.lang);
  return params.toString();
}

/**
 * The address's parameters with one filter set or removed; `lang` follows the language the filters
 * look at while any is set, and goes with the last one.
 */
export function paramsWithFilter(
  params: URLSearchParams,
  name: FilterName,
  value: string | undefined,
  language: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  // An empty value removes a filter, except the file's: `namespace=` is the default file (issue 33).
  if (value === undefined || (value === "" && name !== "namespace")) next.delete(name);
  else next.set(name, value);
  if (FILTER_NAMES.some((filter) => next.has(filter))) next.set("lang", language);
  else next.delete("lang");
  return next;
}

/** The address's parameters without any filter (other parameters stay). */
export function paramsWithoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...FILTER_NAMES, "lang"]) next.delete(name);
  return next;
}
