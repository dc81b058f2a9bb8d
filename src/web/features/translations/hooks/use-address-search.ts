import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "./use-debounced-value.ts";

/** Typing reaches the address once it pauses this long: not a router update per letter. */
export const ADDRESS_SEARCH_DELAY_MS = 400;

/**
 * The Overview's search text, kept in the address as `q` (issue 34) so a reload or a shared link
 * keeps it, as the filters are. The box answers at once; the address follows when typing pauses and
 * replaces its entry (the back button leaves the Overview, not a letter). A `q` that changes by
 * other means (a link followed on the page, back and forward) wins over the box.
 */
export function useAddressSearch(): [string, (text: string) => void] {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get("q") ?? "";
  const [search, setSearch] = useState(inAddress);
  // What the address holds as far as this hook knows: told apart from a change made elsewhere.
  const known = useRef(inAddress);

  useEffect(() => {
    if (inAddress === known.current) return;
    known.current = inAddress;
    setSearch(inAddress);
  }, [inAddress]);

  const settled = useDebouncedValue(search, ADDRESS_SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled === known.current) return;
    known.current = settled;
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (settled === "") next.delete("q");
        else next.set("q", settled);
        return next;
      },
      { replace: true },
    );
  }, [settled, setParams]);

  return [search, setSearch];
}
