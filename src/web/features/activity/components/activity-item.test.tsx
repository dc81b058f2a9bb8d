import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ActivityEntry } from "../../../../shared/schemas/activity.ts";
import { activityEntry } from "../test-entries.ts";
import { ActivityItem } from "./activity-item.tsx";

afterEach(cleanup);

/** The line of one entry as the feed shows it. */
function renderLine(entry: ActivityEntry) {
  render(
    <MemoryRouter>
      <ul>
        <ActivityItem entry={entry} teamId="t1" showProject now={Date.parse(entry.createdAt)} />
      </ul>
    </MemoryRouter>,
  );
  // The entry's sentence: who, what, where (the keys' list and the time are beside it).
  const line = screen.getByText("Olga Owner").closest("p");
  if (!line) throw new Error("no line of the entry");
  return line;
}

const edits = (details: ActivityEntry["details"]) =>
  activityEntry({
    count: 2,
    languages: ["de"],
    keys: [{ id: "k1", key: "checkout.pay" }],
    details,
  });

describe("ActivityItem", () => {
  it("says a change made on a branch was made there, and opens its key on that branch", () => {
    const line = renderLine(edits({ branch: "feature/checkout" }));
    expect(line.textContent).toBe("Olga Owner edited 2 strings in German on feature/checkout · Web app");
    const link = screen.getByRole("link", { name: "checkout.pay" });
    const address = new URL(link.getAttribute("href") ?? "", "http://sprog.test");
    expect(address.pathname).toBe("/app/overview");
    expect(Object.fromEntries(address.searchParams)).toEqual({
      team: "t1",
      project: "p1",
      q: "checkout.pay",
      branch: "feature/checkout",
    });
  });

  it("names no branch for main's changes", () => {
    const line = renderLine(edits({}));
    expect(line.textContent).toBe("Olga Owner edited 2 strings in German · Web app");
    const link = screen.getByRole("link", { name: "checkout.pay" });
    expect(link.getAttribute("href")).not.toContain("branch=");
  });
});
