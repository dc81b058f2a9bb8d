import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../../../shared/schemas/keys.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi, refusal } from "../../../test/mock-api.ts";
import { HistoryPopover } from "./history-popover.tsx";

const ENTRIES: HistoryEntry[] = [
  {
    id: 3,
    value: "Hallo!",
    version: 3,
    origin: "api",
    by: "Ada Owner",
    agent: null,
    createdAt: "2026-03-05T08:30:00.000Z",
  },
  {
    id: 2,
    value: "Hallo",
    version: 2,
    origin: "import",
    by: "Ada Owner",
    agent: null,
    createdAt: "2026-03-04T08:30:00.000Z",
  },
  {
    id: 1,
    value: "Hi",
    version: 1,
    origin: "person",
    by: null,
    agent: null,
    createdAt: "2026-03-03T08:30:00.000Z",
  },
];

afterEach(() => {
  cleanup();
});

async function openHistory(entries: HistoryEntry[]) {
  mockApi({
    strings: {
      history: ({ params }) => {
        if (params.keyId !== "k1" || params.lang !== "de") throw refusal(404, "not_found", "No such string");
        return { entries };
      },
    },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HistoryPopover
        projectId="p1"
        keyId="k1"
        language="de"
        cellLabel="greeting (de)"
        onRestored={() => {}}
      />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole("button", { name: "History of greeting (de)" }));
  return within(await screen.findByRole("list", { name: "Versions" })).getAllByRole("listitem");
}

describe("HistoryPopover", () => {
  it("names how each version came: a push by API apart from an import and an edit", async () => {
    const versions = await openHistory(ENTRIES);
    expect(versions.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Pushed by API by Ada Owner"),
      expect.stringContaining("Imported by Ada Owner"),
      expect.stringContaining("Edited by Sprog"),
    ]);
    // Each version's moment is a <time> of its own, kept on one line (issue 34: it was cut to "7:…").
    const times = versions.map((item) => item.querySelector("time"));
    expect(times.map((time) => time?.getAttribute("dateTime"))).toEqual(
      ENTRIES.map((entry) => entry.createdAt),
    );
    expect(times[0]?.className).toContain("whitespace-nowrap");
    expect(times[0]?.closest(".truncate")).toBeNull();
  });

  it("names a coding agent where a person's name would be (issue 36)", async () => {
    const [written] = await openHistory([
      {
        id: 4,
        value: "Hallo {name}",
        version: 4,
        origin: "ai",
        by: null,
        agent: "claude-code",
        createdAt: "2026-03-06T08:30:00.000Z",
      },
    ]);
    expect(written?.textContent).toContain("AI translation by claude-code (AI agent)");
  });
});
