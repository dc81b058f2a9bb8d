import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activeFilterCount, KeyFiltersSheet } from "./key-filters-sheet.tsx";

afterEach(cleanup);

describe("the Overview's filters on a phone (issue 34)", () => {
  it("counts the filters that are on, not the language they look at", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ lang: "de" })).toBe(0);
    expect(activeFilterCount({ lang: "de", missing: "1", namespace: "", changedSince: "2026-01-01" })).toBe(
      3,
    );
  });

  it("is one button saying how many are on, opening a sheet with every filter", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <KeyFiltersSheet
        filters={{}}
        facets={undefined}
        languageLabel="German"
        isSource={false}
        onChange={onChange}
        onClear={() => {}}
      />,
    );
    expect(screen.queryByRole("button", { name: /^Missing/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Filters" }));
    const sheet = screen.getByRole("dialog", { name: "Filters" });
    await user.click(within(sheet).getByRole("button", { name: "Missing" }));
    expect(onChange).toHaveBeenLastCalledWith("missing", "1");
    within(sheet).getByRole("combobox", { name: "Approval" });
    within(sheet).getByLabelText("Changed since");
    await user.click(within(sheet).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    rerender(
      <KeyFiltersSheet
        filters={{ lang: "de", missing: "1", approval: "pending" }}
        facets={undefined}
        languageLabel="German"
        isSource={false}
        onChange={onChange}
        onClear={() => {}}
      />,
    );
    screen.getByRole("button", { name: "Filters (2)" });
  });
});
