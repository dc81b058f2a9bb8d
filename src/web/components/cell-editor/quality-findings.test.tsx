import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Finding } from "../../../shared/quality/checks.ts";
import { QualityFindings } from "./quality-findings.tsx";

afterEach(cleanup);

const placeholders: Finding = {
  id: "placeholders",
  severity: "error",
  message: "Placeholders differ: missing “{name}”",
  fix: "Hallo {name}!",
};
const punctuation: Finding = {
  id: "punctuation",
  severity: "warning",
  message: "Ends with “.” but the source ends with “!”",
  fix: "Hallo!",
};
const numbers: Finding = { id: "numbers", severity: "warning", message: "Numbers differ: missing “3”" };
const markup: Finding = { id: "markup", severity: "error", message: "Markup differs: missing “</b>”" };

describe("the quality findings of a cell (issue 21)", () => {
  it("renders nothing without findings", () => {
    const { container } = render(<QualityFindings findings={[]} onFix={() => {}} />);
    expect(container.textContent).toBe("");
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("shows each finding with its severity, and Fix buttons only where a fix is safe", async () => {
    const onFix = vi.fn();
    render(<QualityFindings findings={[placeholders, punctuation, numbers]} onFix={onFix} />);
    const note = screen.getByRole("note", { name: "Quality checks" });
    const lines = within(note).getAllByRole("listitem");
    expect(lines.map((line) => line.textContent)).toEqual([
      "Placeholders differ: missing “{name}”Fix",
      "Ends with “.” but the source ends with “!”Fix",
      "Numbers differ: missing “3”",
    ]);
    expect(within(lines[0] as HTMLElement).getByRole("img", { name: "Error" })).toBeTruthy();
    expect(within(lines[1] as HTMLElement).getByRole("img", { name: "Warning" })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Fix placeholders" }));
    expect(onFix).toHaveBeenLastCalledWith("Hallo {name}!");
    await user.click(screen.getByRole("button", { name: "Fix: Ending punctuation" }));
    expect(onFix).toHaveBeenLastCalledWith("Hallo!");
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Fix placeholders",
      "Fix: Ending punctuation",
    ]);
  });

  it("shows the first two of many and expands the rest", async () => {
    render(<QualityFindings findings={[placeholders, punctuation, numbers, markup]} onFix={() => {}} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    const more = screen.getByRole("button", { name: "+2 more" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    const user = userEvent.setup();
    await user.click(more);
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
    expect(screen.getByText("Markup differs: missing “</b>”")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show fewer" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
  });

  it("shows three findings at once rather than '+1 more'", () => {
    render(<QualityFindings findings={[placeholders, punctuation, numbers]} onFix={() => {}} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /more/ })).toBeNull();
  });

  it("disables the fixes while the cell is busy", () => {
    render(<QualityFindings findings={[placeholders]} onFix={() => {}} disabled />);
    expect(screen.getByRole("button", { name: "Fix placeholders" }).hasAttribute("disabled")).toBe(true);
  });
});
