import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiError, mockApi, refusal } from "../../../test/mock-api.ts";
import { EditTeamDialog } from "./edit-team-dialog.tsx";

function renderDialog(renameRefusal: ApiError) {
  mockApi({
    teams: {
      update: ({ params }) => {
        if (params.teamId !== "t1") throw refusal(404, "not_found", "not in this test");
        throw renameRefusal;
      },
    },
  });
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
});

describe("Edit Team dialog", () => {
  it("says 'Failed to update team name' when the rename fails on the server, and stays open", async () => {
    const { onOpenChange } = renderDialog(refusal(500, "internal", "database unavailable"));
    const dialog = await rename("Acme Global");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Failed to update team name");
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("shows the server's reason when it refused the new name", async () => {
    renderDialog(refusal(403, "forbidden", "Only the owner can rename the team"));
    const dialog = await rename("Acme Global");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Only the owner can rename the team");
  });
});
