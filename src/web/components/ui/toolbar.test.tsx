import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Download, Plus, Settings } from "lucide-react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toolbar, type ToolbarAction } from "./toolbar.tsx";

/** matchMedia answering `narrow` for the phone query (max-width), the opposite for the rest. */
function viewport(narrow: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      media: query,
      matches: query.includes("max-width") ? narrow : !narrow,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function setup(narrow: boolean) {
  viewport(narrow);
  const onExport = vi.fn();
  const onNew = vi.fn();
  const actions: ToolbarAction[] = [
    { label: "Export", icon: Download, onClick: onExport },
    { label: "New", icon: Plus, primary: true, onClick: onNew },
    { label: "Project settings", icon: Settings, iconOnly: true, onClick: vi.fn(), disabled: true },
  ];
  render(<Toolbar title="Storefront" search={<input aria-label="Search keys" />} actions={actions} />);
  return { onExport, onNew };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Toolbar", () => {
  it("shows its actions as buttons from 640 px up", async () => {
    const { onNew } = setup(false);
    expect(screen.getByRole("heading", { name: "Storefront" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Search keys" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "More" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "New" }));
    expect(onNew).toHaveBeenCalledOnce();
    const settings = screen.getByRole("button", { name: "Project settings" });
    expect(settings.textContent).toBe("");
    expect((settings as HTMLButtonElement).disabled).toBe(true);
  });

  it("below 640 px keeps the search and folds the actions into a '⋯ More' menu", async () => {
    const { onExport } = setup(true);
    expect(screen.getByRole("textbox", { name: "Search keys" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Export" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "More" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Export", "New", "Project settings"]);
    expect(items[2]?.getAttribute("aria-disabled")).toBe("true");
    await userEvent.click(screen.getByRole("menuitem", { name: "Export" }));
    expect(onExport).toHaveBeenCalledOnce();
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
