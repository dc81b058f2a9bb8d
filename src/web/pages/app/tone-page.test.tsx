import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import type { ToneSection, ToneSettings } from "../../../shared/schemas/tone.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
import { mockApi, refusal, unexpectedAnswer } from "../../test/mock-api.ts";
import { watchToasts } from "../../test/toasts.ts";
import { TonePage } from "./tone-page.tsx";

const toast = watchToasts();

const TEAM: TeamSummary = { id: "t1", name: "Acme", role: "owner", createdAt: "2026-01-01T00:00:00.000Z" };
const ME: Me = { user: { id: "u1", email: "olga@acme.test" }, profile: null, teams: [TEAM] };

/** The server failed with `message`. */
const failed = (message: string) => () => Promise.reject(refusal(500, "internal", message));

type Answer<T> = () => T | Promise<T>;

interface Answers {
  settings?: Answer<ToneSettings>;
  sections?: Answer<{ sections: ToneSection[] }>;
  save?: Answer<ToneSettings>;
  create?: Answer<ToneSection>;
}

/** Team t1's tone; saving and adding a section only when the test answers them. */
function setup(answers: Answers) {
  const inT1 = (teamId: string) => {
    if (teamId !== "t1") throw refusal(404, "not_found", "not in this test");
  };
  const { save, create } = answers;
  mockApi({
    tone: {
      settings: ({ params }) => {
        inT1(params.teamId);
        return answers.settings ? answers.settings() : { productContext: null, brandTone: null };
      },
      listSections: ({ params }) => {
        inT1(params.teamId);
        return answers.sections ? answers.sections() : { sections: [] };
      },
      ...(save && {
        updateSettings: ({ params }) => {
          inT1(params.teamId);
          return save();
        },
      }),
      ...(create && {
        createSection: ({ params }) => {
          inT1(params.teamId);
          return create();
        },
      }),
    },
  });
  const client = createQueryClient();
  // The failure under test, not react-query's retries of it.
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <WorkspaceProvider me={ME} teams={[TEAM]}>
        <TonePage />
      </WorkspaceProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
});

describe("Tone page errors", () => {
  it("shows 'Error loading data: Settings fetch failed: {msg}' when the settings do not load", async () => {
    setup({ settings: failed("database unavailable") });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error loading data: Settings fetch failed: database unavailable",
    );
  });

  it("shows 'Error loading data: Sections fetch failed: {msg}' when the sections do not load", async () => {
    setup({ sections: failed("sections table locked") });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error loading data: Sections fetch failed: sections table locked",
    );
  });

  it("shows the banner 'Error saving settings: {msg}' when saving fails, and clears it after a save succeeds", async () => {
    let fail = true;
    setup({
      save: () => (fail ? failed("disk full")() : { productContext: "A photo app", brandTone: null }),
    });
    const user = userEvent.setup();
    const block = (await screen.findByRole("heading", { name: "Product Context" })).closest("div")
      ?.parentElement as HTMLElement;
    const text = within(block).getByRole("textbox");
    await waitFor(() => expect(text.hasAttribute("readonly")).toBe(false));
    await user.type(text, "A photo app");
    await user.click(within(block).getByRole("button", { name: "Save" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Error saving settings: disk full");
    expect(toast.error).toHaveBeenCalledWith("Failed to save product context: disk full");

    fail = false;
    await user.click(within(block).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Product context saved"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says 'Failed to add section: {msg}' when the server fails to create it", async () => {
    setup({ create: failed("quota reached") });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add Section" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to add section: quota reached"));
  });

  it("says 'Failed to retrieve the new section after creation.' when the created section's answer is unreadable", async () => {
    // The client refuses an answer like `{ created: true }` (no section) as not what the contract says.
    setup({ create: () => Promise.reject(unexpectedAnswer(201)) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add Section" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to retrieve the new section after creation."),
    );
  });
});
