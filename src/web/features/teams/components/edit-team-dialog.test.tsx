import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { EditTeamDialog } from "./edit-team-dialog.tsx";

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderDialog(renameAnswer: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      if (String(input) === "/api/teams/t1" && init?.method === "PATCH") return renameAnswer();
      return json({ error: { code: "not_found", message: "not in this test" } }, 404);
    }),
  );
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditTeamDialog
        team={{ id: "t1", name: "Acme" }}
        canDelete
        open
        onOpenChange={onOpenChange}
        onDeleted={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

async function rename(to: string) {
  const user = userEvent.setup();
  const dialog = screen.getByRole("dialog", { name: "Edit Team" });
  const name = within(dialog).getByLabelText("Team name");
  await user.clear(name);
  await user.type(name, to);
  await user.click(within(dialog).getByRole("button", { name: "Save" }));
  return dialog;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Edit Team dialog", () => {
  it("says 'Failed to update team name' when the rename fails on the server, and stays open", async () => {
    const { onOpenChange } = renderDialog(() =>
      json({ error: { code: "internal", message: "database unavailable" } }, 500),
    );
    const dialog = await rename("Acme Global");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Failed to update team name");
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("shows the server's reason when it refused the new name", async () => {
    renderDialog(() =>
      json({ error: { code: "forbidden", message: "Only the owner can rename the team" } }, 403),
    );
    const dialog = await rename("Acme Global");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Only the owner can rename the team");
  });
});
