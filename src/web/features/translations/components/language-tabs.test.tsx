import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { LanguageTabs, tabIndexAfterKey } from "./language-tabs.tsx";

afterEach(cleanup);

const project = { sourceLanguage: "en", languages: ["en", "de", "fr"] } as Pick<
  Project,
  "sourceLanguage" | "languages"
> as Project;

function Tabs() {
  const [selected, setSelected] = useState("de");
  return (
    <>
      <button type="button">Before</button>
      <LanguageTabs project={project} completion={undefined} selected={selected} onSelect={setSelected} />
    </>
  );
}

describe("tabIndexAfterKey", () => {
  it("wraps with the arrows and jumps with Home/End", () => {
    expect(tabIndexAfterKey("ArrowRight", 2, 3)).toBe(0);
    expect(tabIndexAfterKey("ArrowLeft", 0, 3)).toBe(2);
    expect(tabIndexAfterKey("Home", 2, 3)).toBe(0);
    expect(tabIndexAfterKey("End", 0, 3)).toBe(2);
    expect(tabIndexAfterKey("Enter", 0, 3)).toBeNull();
  });
});

describe("the language tabs", () => {
  it("have one Tab stop, the selected tab; arrows move the focus, Enter or Space selects", async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    const tab = (name: RegExp) => screen.getByRole("tab", { name });
    screen.getByRole("button", { name: "Before" }).focus();
    await user.tab();
    expect(document.activeElement).toBe(tab(/German/));

    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tab(/French/));
    expect(tab(/French/).getAttribute("aria-selected")).toBe("false");
    await user.keyboard("{Enter}");
    expect(tab(/French/).getAttribute("aria-selected")).toBe("true");
    expect(tab(/French/).tabIndex).toBe(0);
    expect(tab(/German/).tabIndex).toBe(-1);

    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tab(/English/));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(tab(/French/));
    await user.keyboard("{Home}");
    await user.keyboard(" ");
    expect(tab(/English/).getAttribute("aria-selected")).toBe("true");
  });
});

describe("pseudo-localization on the tabs (issue 19)", () => {
  it("never shows a language filled with pseudo text as complete", () => {
    const entry = (code: string, missingKeys: number, pseudoKeys: number) => ({
      code,
      isComplete: missingKeys === 0 && pseudoKeys === 0,
      missingKeys,
      translatedKeys: 4 - missingKeys - pseudoKeys,
      totalKeys: 4,
      unverifiedKeys: 0,
      pseudoKeys,
    });
    render(
      <LanguageTabs
        project={project}
        completion={[entry("en", 0, 0), entry("de", 0, 3), entry("fr", 1, 2)]}
        selected="de"
        onSelect={() => {}}
      />,
    );
    const tab = (name: RegExp) => screen.getByRole("tab", { name });
    expect(tab(/German/).textContent).toContain("3 pseudo");
    expect(tab(/German/).textContent).not.toContain("Complete");
    expect(tab(/French/).textContent).toContain("1 missing");
    expect(tab(/English/).textContent).toContain("Complete");
  });

  it("offer '+ Add language' after the tabs, outside the tablist, only when given (issue 34)", async () => {
    const user = userEvent.setup();
    const onAddLanguage = vi.fn();
    const noop = () => {};
    const { rerender } = render(
      <LanguageTabs project={project} completion={undefined} selected="de" onSelect={noop} />,
    );
    expect(screen.queryByRole("button", { name: "Add language" })).toBeNull();
    rerender(
      <LanguageTabs
        project={project}
        completion={undefined}
        selected="de"
        onSelect={noop}
        onAddLanguage={onAddLanguage}
      />,
    );
    const add = screen.getByRole("button", { name: "Add language" });
    expect(screen.getByRole("tablist").contains(add)).toBe(false);
    expect(screen.getAllByRole("tab")).toHaveLength(3);
    await user.click(add);
    expect(onAddLanguage).toHaveBeenCalledOnce();
  });
});
