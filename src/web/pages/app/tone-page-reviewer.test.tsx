import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Role } from "../../../shared/permissions.ts";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import type { ToneSection } from "../../../shared/schemas/tone.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
import { mockApi, refusal } from "../../test/mock-api.ts";
import { TonePage } from "./tone-page.tsx";

const team = (role: Role): TeamSummary => ({
  id: "t1",
  name: "Acme",
  role,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const section = (id: string, title: string, description: string, rules: string[]): ToneSection => ({
  id,
  teamId: "t1",
  title,
  description,
  rules,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

function setup(role: Role) {
  const inT1 = (teamId: string) => {
    if (teamId !== "t1") throw refusal(404, "not_found", "not in this test");
  };
  mockApi({
    tone: {
      settings: ({ params }) => {
        inT1(params.teamId);
        return { productContext: "A budgeting app\nfor families", brandTone: null };
      },
      listSections: ({ params }) => {
        inT1(params.teamId);
        return {
          sections: [
            section("s1", "Errors", "How failures are worded", ["Apologise briefly"]),
            section("s2", "Buttons", "", []),
          ],
        };
      },
    },
  });
  const selected = team(role);
  const me: Me = { user: { id: "u1", email: "rita@acme.test" }, profile: null, teams: [selected] };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WorkspaceProvider me={me} teams={[selected]}>
        <TonePage />
      </WorkspaceProvider>
    </QueryClientProvider>,
  );
}

const block = async (title: string) => (await screen.findByRole("region", { name: title })) as HTMLElement;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("the Tone tab for a reviewer (issue 19)", () => {
  it("reads the saved tone as text, says 'Not set yet' where empty, and offers nothing to edit", async () => {
    setup("reviewer");
    const product = await block("Product Context");
    expect(await within(product).findByText(/A budgeting app/)).toBeTruthy();
    expect(within(product).getByText(/A budgeting app/).textContent).toBe("A budgeting app\nfor families");
    expect(within(await block("Brand Tone")).getByText("Not set yet")).toBeTruthy();

    const errors = await block("Errors");
    expect(within(errors).getByText("How failures are worded")).toBeTruthy();
    expect(within(errors).getByText("Apologise briefly")).toBeTruthy();
    expect(within(await block("Buttons")).getByText("No rules yet")).toBeTruthy();

    // Only the search box takes typing; nothing to write tone into, nothing to press.
    expect(screen.getByRole("searchbox", { name: "Search tone" })).toBeTruthy();
    expect(screen.queryAllByRole("textbox")).toHaveLength(0);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });

  it("still gives the owner the editors", async () => {
    setup("owner");
    const product = await block("Product Context");
    expect(await within(product).findByRole("textbox")).toBeTruthy();
    expect(within(await block("Errors")).getByRole("textbox", { name: "Section title" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Section" })).toBeTruthy();
  });
});
