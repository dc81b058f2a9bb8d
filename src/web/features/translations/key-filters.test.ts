import { describe, expect, it } from "vitest";
import { filtersFromParams, filtersQuery, paramsWithFilter, paramsWithoutFilters } from "./key-filters.ts";

describe("the Overview's filters in the address (issue 19)", () => {
  it("reads each filter on its own, dropping only a malformed one", () => {
    const params = new URLSearchParams(
      "lang=de&missing=1&changedSince=yesterday&approval=approved&tag=home&x=1",
    );
    expect(filtersFromParams(params)).toEqual({
      lang: "de",
      missing: "1",
      approval: "approved",
      tag: "home",
    });
    expect(filtersFromParams(new URLSearchParams("approval=maybe&described=yes"))).toEqual({});
  });

  it("writes them in one order, so equal filters make one cache key", () => {
    expect(filtersQuery({ tag: "home", lang: "de", missing: "1" })).toBe("missing=1&tag=home&lang=de");
    expect(filtersQuery({ missing: "1", tag: "home", lang: "de" })).toBe("missing=1&tag=home&lang=de");
    // A language alone is no filter.
    expect(filtersQuery({ lang: "de" })).toBe("");
  });

  it("sets and clears a filter, keeping lang with the filters and other parameters as they are", () => {
    const start = new URLSearchParams("checkout=x");
    const one = paramsWithFilter(start, "unverified", "1", "fr");
    expect(one.toString()).toBe("checkout=x&unverified=1&lang=fr");
    const two = paramsWithFilter(one, "tag", "home", "fr");
    expect(filtersFromParams(two)).toEqual({ unverified: "1", tag: "home", lang: "fr" });
    const none = paramsWithFilter(
      paramsWithFilter(two, "tag", undefined, "fr"),
      "unverified",
      undefined,
      "fr",
    );
    expect(none.toString()).toBe("checkout=x");
    expect(paramsWithoutFilters(two).toString()).toBe("checkout=x");
  });

  it("keeps the file filter's empty value: the default file (issue 33)", () => {
    const params = paramsWithFilter(new URLSearchParams(), "namespace", "", "de");
    expect(params.toString()).toBe("namespace=&lang=de");
    const filters = filtersFromParams(params);
    expect(filters).toEqual({ namespace: "", lang: "de" });
    expect(filtersQuery(filters)).toBe("namespace=&lang=de");
    expect(filtersQuery({ namespace: "auth", lang: "de" })).toBe("namespace=auth&lang=de");
    expect(paramsWithFilter(params, "namespace", undefined, "de").toString()).toBe("");
    // Other filters' empty values still remove them.
    expect(paramsWithFilter(new URLSearchParams("tag=home&lang=de"), "tag", "", "de").toString()).toBe("");
  });
});
