import { describe, expect, it } from "vitest";
import {
  activityFiltersFromParams,
  paramsWithActivityFilter,
  paramsWithoutActivityFilters,
} from "./activity-filters.ts";

describe("the feed's filters in the address", () => {
  it("reads person, kind and days, dropping only what is malformed", () => {
    const params = new URLSearchParams("person=u1&kind=strings.imported&since=2026-11-01&until=11/30");
    expect(activityFiltersFromParams(params)).toEqual({
      userId: "u1",
      kind: "strings.imported",
      since: "2026-11-01",
    });
    expect(activityFiltersFromParams(new URLSearchParams("kind=nonsense&person="))).toEqual({});
  });

  it("sets and removes one filter, and clears them all but keeps the scope", () => {
    const set = paramsWithActivityFilter(new URLSearchParams("scope=team"), "kind", "key.created");
    expect(set.toString()).toBe("scope=team&kind=key.created");
    expect(paramsWithActivityFilter(set, "kind", "").toString()).toBe("scope=team");
    const full = new URLSearchParams(
      "scope=team&person=u1&since=2026-11-01&until=2026-11-02&kind=key.created",
    );
    expect(paramsWithoutActivityFilters(full).toString()).toBe("scope=team");
  });
});
