import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../shared/schemas/profiles.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { EditProfileDialog } from "./edit-profile-dialog.tsx";

const PROFILE: Profile = {
  id: "pr1",
  userId: "u1",
  email: "ada@acme.test",
  firstName: "Ada",
  lastName: "Lovelace",
  createdAt: "2026-01-01T00:00:00.000Z",
};

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderDialog(answer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (String(input) === "/api/profile" && init?.method === "PUT") return answer();
    return json({ error: { code: "not_found", message: "not in this test" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditProfileDialog open onOpenChange={onOpenChange} profile={PROFILE} />
    </QueryClientProvider>,
  );
  return { onOpenChange, fetchMock };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Edit Profile dialog", () => {
  it("says 'Failed to update profile. Please try again.' when the server fails the save, and stays open", async () => {
    const user = userEvent.setup();
    const { onOpenChange, fetchMock } = renderDialog(() =>
      json({ error: { code: "internal", message: "connection pool exhausted" } }, 500),
    );
    const firstName = screen.getByLabelText("First name");
    await user.clear(firstName);
    await user.type(firstName, "Augusta");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to update profile. Please try again.",
    );
    expect(fetchMock).toHaveBeenCalledWith("/api/profile", expect.objectContaining({ method: "PUT" }));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("says the same when the server cannot be reached", async () => {
    const user = userEvent.setup();
    renderDialog(() => {
      throw new TypeError("Failed to fetch");
    });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to update profile. Please try again.",
    );
  });
});
