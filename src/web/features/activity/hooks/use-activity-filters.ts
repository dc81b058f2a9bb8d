import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  type AddressFilter,
  activityFiltersFromParams,
  paramsWithActivityFilter,
  paramsWithoutActivityFilters,
  SCOPE_PARAM,
  TEAM_SCOPE,
} from "../activity-filters.ts";

/**
 * The feed's filters and scope, kept in the address so a link shares the view. Changing one
 * replaces the history entry, like the Overview's filters: the back button leaves the tab.
 */
export function useActivityFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => activityFiltersFromParams(params), [params]);
  const wholeTeam = params.get(SCOPE_PARAM) === TEAM_SCOPE;

  const setFilter = useCallback(
    (filter: AddressFilter, value: string | undefined) =>
      setParams((old) => paramsWithActivityFilter(old, filter, value), { replace: true }),
    [setParams],
  );
  const setWholeTeam = useCallback(
    (on: boolean) =>
      setParams((old) => paramsWithActivityFilter(old, SCOPE_PARAM, on ? TEAM_SCOPE : undefined), {
        replace: true,
      }),
    [setParams],
  );
  const clear = useCallback(
    () => setParams((old) => paramsWithoutActivityFilters(old), { replace: true }),
    [setParams],
  );
  return { filters, wholeTeam, setFilter, setWholeTeam, clear };
}
