import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KeyFacets } from "../../../../shared/schemas/key-filters.ts";
import { KeyFilterBar } from "./key-filter-bar.tsx";

afterEach(cleanup);

const facets: KeyFacets = {
  language: "de",
  total: 120,
  matching: 7,
  matchingMissing: 2,
  missing: 12,
  translated: 100,
  unverified: 8,
  approved: 5,
  needsChanges: 1,
  pending: 94,
  placeholders: 3,
  issues: 9,
  checks: [
    { id: "placeholders", count: 3 },
    { id: "punctuation", count: 6 },
  ],
  described: 40,
  tags: [
    { tag: "checkout", count: 30 },
    { tag: "home", count: 4 },
  ],
};

describe("the Overview's filter bar (issue 19)", () => {
  it("shows how many keys each filter keeps and toggles them", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <KeyFilterBar
        filters={{ missing: "1", lang: "de" }}
        facets={facets}
        languageLabel="German"
        isSource={false}
        onChange={onChange}
        onClear={() => {}}
      />,
    );
    const missing = screen.getByRole("button", { name: "Missing (12)" });
    expect(missing.getAttribute("aria-pressed")).toBe("true");
    const unverified = screen.getByRole("button", { name: "Unverified AI (8)" });
    expect(unverified.getAttribute("aria-pressed")).toBe("false");
    screen.getByRole("button", { name: "Placeholder problems (3)" });
    await user.click(unverified);
    expect(onChange).toHaveBeenLastCalledWith("unverified", "1");
    await user.click(missing);
    expect(onChange).toHaveBeenLastCalledWith("missing", undefined);
    await user.selectOptions(screen.getByRole("combobox", { name: "Approval" }), "Needs changes (1)");
    expect(onChange).toHaveBeenLastCalledWith("approval", "needs_changes");
    await user.selectOptions(screen.getByRole("combobox", { name: "Tag" }), "home (4)");
    expect(onChange).toHaveBeenLastCalledWith("tag", "home");
    expect(screen.getByText(/7 of 120 keys match in German/)).toBeTruthy();
  });

  it("filters by a quality check, offering the checks that fail with their counts (issue 21)", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <KeyFilterBar
        filters={{ lang: "de" }}
        facets={facets}
        languageLabel="German"
        isSource={false}
        onChange={onChange}
        onClear={() => {}}
      />,
    );
    const quality = screen.getByRole("combobox", { name: "Quality checks" });
    expect([...quality.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Any quality",
      "Any issue (9)",
      "Placeholders (3)",
      "Ending punctuation (6)",
    ]);
    await user.selectOptions(quality, "Any issue (9)");
    expect(onChange).toHaveBeenLastCalledWith("check", "issues");
    await user.selectOptions(quality, "Ending punctuation (6)");
    expect(onChange).toHaveBeenLastCalledWith("check", "punctuation");
  });

  it("offers no placeholder filter on the source language, and clears all filters", async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    render(
      <KeyFilterBar
        filters={{ described: "1", lang: "en" }}
        facets={{ ...facets, language: "en" }}
        languageLabel="English"
        isSource
        onChange={() => {}}
        onClear={onClear}
      />,
    );
    expect(screen.queryByRole("button", { name: /Placeholder problems/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(onClear).toHaveBeenCalled();
  });
});
