import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KeyFacets } from "../../../../shared/schemas/key-filters.ts";
import { DEFAULT_FILE_LABEL, KeyFilterBar } from "./key-filter-bar.tsx";

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
  namespaces: [],
  groups: [],
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

  it("offers no File filter in a project of one file a language (issue 33)", () => {
    render(
      <KeyFilterBar
        filters={{ lang: "de" }}
        facets={facets}
        languageLabel="German"
        isSource={false}
        onChange={() => {}}
        onClear={() => {}}
      />,
    );
    expect(screen.queryByRole("combobox", { name: "File" })).toBeNull();
  });

  it("filters by file where keys are in several, the default one included (issue 33)", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const namespaces = [
      { namespace: "", count: 3 },
      { namespace: "auth", count: 2 },
      { namespace: "common", count: 1_200 },
    ];
    const { rerender } = render(
      <KeyFilterBar
        filters={{ lang: "de" }}
        facets={{ ...facets, namespaces }}
        languageLabel="German"
        isSource={false}
        onChange={onChange}
        onClear={() => {}}
      />,
    );
    const file = screen.getByRole("combobox", { name: "File" }) as HTMLSelectElement;
    expect([...file.options].map((o) => o.textContent)).toEqual([
      "Any file",
      `${DEFAULT_FILE_LABEL} (3)`,
      "auth (2)",
      "common (1,200)",
    ]);
    await user.selectOptions(file, "auth (2)");
    expect(onChange).toHaveBeenLastCalledWith("namespace", "auth");
    // The default file is the filter's empty value, not "any file".
    await user.selectOptions(file, `${DEFAULT_FILE_LABEL} (3)`);
    expect(onChange).toHaveBeenLastCalledWith("namespace", "");

    rerender(
      <KeyFilterBar
        filters={{ namespace: "", lang: "de" }}
        facets={{ ...facets, namespaces }}
        languageLabel="German"
        isSource={false}
        onChange={onChange}
        onClear={() => {}}
      />,
    );
    expect(file.selectedOptions[0]?.textContent).toBe(`${DEFAULT_FILE_LABEL} (3)`);
    // A filter set counts as one: the summary and Clear filters show.
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeTruthy();
    await user.selectOptions(file, "Any file");
    expect(onChange).toHaveBeenLastCalledWith("namespace", undefined);
  });

  it("keeps a linked file selectable when the search leaves it no keys (issue 33)", () => {
    render(
      <KeyFilterBar
        filters={{ namespace: "billing", lang: "de" }}
        facets={facets}
        languageLabel="German"
        isSource={false}
        onChange={() => {}}
        onClear={() => {}}
      />,
    );
    const file = screen.getByRole("combobox", { name: "File" }) as HTMLSelectElement;
    expect(file.selectedOptions[0]?.textContent).toBe("billing");
  });
});
