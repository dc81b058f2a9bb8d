import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import type { KeyFilters } from "../../../../shared/schemas/key-filters.ts";
import {
  type FilterName,
  filtersFromParams,
  paramsWithFilter,
  paramsWithoutFilters,
} from "../key-filters.ts";

/**
 * The Overview's filters, kept in the address (issue 19) so a link shares the view: the filters
 * look at the selected language, and a link's `lang` selects that language when it is one of the
 * project's. Changing a filter replaces the history entry (the back button leaves the Overview).
 */
export function useKeyFilters(
  language: string,
  languages: readonly string[],
  selectLanguage: (code: string) => void,
) {
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => filtersFromParams(params), [params]);
  const linked = parsed.lang;
  const hasAny = params.has("lang");

  // A shared link opens on its language; only when the address changes (a tab chosen later wins).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of the link's language only
  useEffect(() => {
    if (linked && linked !== language && languages.includes(linked)) selectLanguage(linked);
  }, [linked]);

  // The filters look at the selected language: a tab switch moves `lang` along (not the first
  // render, which may still be on the stored language while a link's is being selected).
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    if (!hasAny || linked === language) return;
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set("lang", language);
        return next;
      },
      { replace: true },
    );
  }, [hasAny, linked, language, setParams]);

  const filters: KeyFilters = useMemo(() => {
    const { lang: _, ...rest } = parsed;
    return Object.keys(rest).length === 0 ? {} : { ...rest, lang: language };
  }, [parsed, language]);

  const setFilter = useCallback(
    (name: FilterName, value: string | undefined) =>
      setParams((old) => paramsWithFilter(old, name, value, language), { replace: true }),
    [setParams, language],
  );
  const clear = useCallback(
    () => setParams((old) => paramsWithoutFilters(old), { replace: true }),
    [setParams],
  );
  return { filters, setFilter, clear };
}
