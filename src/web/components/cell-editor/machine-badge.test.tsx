import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MachineBadge } from "./machine-badge.tsx";

afterEach(cleanup);

describe("the machine badge (issue 19)", () => {
  it("says AI output is unverified and pseudo text is no translation, and nothing for a person's text", () => {
    const { rerender, container } = render(<MachineBadge machine="ai" />);
    expect(screen.getByText("AI · unverified").closest("[data-machine]")?.getAttribute("title")).toBe(
      "Written by AI: no one has saved or approved it yet",
    );
    rerender(<MachineBadge machine="pseudo" />);
    expect(screen.getByText("Pseudo").closest("[data-machine]")?.getAttribute("title")).toContain(
      "not a translation",
    );
    rerender(<MachineBadge machine={undefined} />);
    expect(container.textContent).toBe("");
  });
});
