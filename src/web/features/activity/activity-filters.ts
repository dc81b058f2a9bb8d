import { activityQuerySchema } from "../../../shared/schemas/activity.ts";
import type { ActivityFilters } from "../../lib/query-keys.ts";

/** The filters a person sets on the feed, by their address parameter (a link shares the view). */
export const ADDRESS_FILTERS = {
  person: "userId",
  kind: "kind",
  since: "since",
  until: "until",
} as const satisfies Record<string, keyof ActivityFilters>;
export type AddressFilter = keyof typeof ADDRESS_FILTERS;

/** `?scope=team`: the whole team's feed instead of the selected project's (owners and admins). */
export const SCOPE_PARAM = "scope";
export const TEAM_SCOPE = "team";

const SHAPE = activityQuerySchema.shape;

/**
 * The filters an address carries. Each is read on its own, so one that is malformed (an edited
 * link) is dropped instead of losing the others or failing the feed.
 */
export function activityFiltersFromParams(params: URLSearchParams): Omit<ActivityFilters, "projectId"> {
  const filters: Omit<ActivityFilters, "projectId"> = {};
  for (const [param, name] of Object.entries(ADDRESS_FILTERS)) {
    const raw = params.get(param);
    if (raw === null || raw === "") continue;
    const parsed = SHAPE[name].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [name]: parsed.data });
  }
  return filters;
}

/** The address's parameters with one filter set, or removed when the value is empty. */
export function paramsWithActivityFilter(
  params: URLSearchParams,
  filter: AddressFilter | typeof SCOPE_PARAM,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === "") next.delete(filter);
  else next.set(filter, value);
  return next;
}

/** The address's parameters without any filter (the scope and other parameters stay). */
export function paramsWithoutActivityFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const param of Object.keys(ADDRESS_FILTERS)) next.delete(param);
  return next;
}
