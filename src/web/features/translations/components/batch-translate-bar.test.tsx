import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BatchPhase } from "../batch-state.ts";
import { BatchTranslateBar } from "./batch-translate-bar.tsx";

afterEach(cleanup);

function renderBar(state: BatchPhase, toTranslate: number, filtered = false) {
  return render(
    <BatchTranslateBar
      languageLabel="French"
      state={state}
      toTranslate={toTranslate}
      filtered={filtered}
      canBatchTranslate
      onStart={() => {}}
      onCancel={() => {}}
    />,
  );
}

const bar = () => screen.getByRole("region", { name: "French batch translation" });

describe("the batch translate bar", () => {
  it("offers Translate with the missing count", () => {
    renderBar({ phase: "idle", missing: 2, pseudo: 0 }, 2);
    expect(bar().textContent).toContain("2 keys are missing in French");
    expect(screen.getByRole("button", { name: "Translate 2 missing" })).toBeTruthy();
  });

  it("offers no button when nothing is to be translated (issue 34)", () => {
    // The pseudo provider only fills what is empty: pseudo-localized keys are not its to take.
    renderBar({ phase: "idle", missing: 0, pseudo: 2 }, 0);
    expect(bar().textContent).toBe("Nothing is missing in French · 2 pseudo-localized, not translated");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says nothing is missing among the filtered keys, without a button (issue 34)", () => {
    renderBar({ phase: "idle", missing: 0, pseudo: 0 }, 0, true);
    expect(bar().textContent).toBe("Nothing is missing in French among the filtered keys");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("names what a real AI would replace when only pseudo-localized keys are left", () => {
    renderBar({ phase: "idle", missing: 0, pseudo: 3 }, 3);
    expect(screen.getByRole("button", { name: "Translate 3 pseudo-localized" })).toBeTruthy();
  });
});
