import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../shared/schemas/profiles.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi, refusal, unreachable } from "../../../test/mock-api.ts";
import { EditProfileDialog } from "./edit-profile-dialog.tsx";

const PROFILE: Profile = {
  id: "pr1",
  userId: "u1",
  email: "ada@acme.test",
  firstName: "Ada",
  lastName: "Lovelace",
  createdAt: "2026-01-01T00:00:00.000Z",
};

type Answer<T> = () => T | Promise<T>;

function renderDialog(answer: Answer<Profile>, emailAnswer?: Answer<{ pendingEmail: string }>) {
  const calls = mockApi({
    profiles: { save: answer, ...(emailAnswer && { requestEmailChange: emailAnswer }) },
  });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditProfileDialog open onOpenChange={onOpenChange} profile={PROFILE} email="ada@acme.test" />
    </QueryClientProvider>,
  );
  return { onOpenChange, calls };
}

afterEach(() => {
  cleanup();
});

describe("Edit Profile dialog", () => {
  it("says 'Failed to update profile. Please try again.' when the server fails the save, and stays open", async () => {
    const user = userEvent.setup();
    const { onOpenChange, calls } = renderDialog(() =>
      Promise.reject(refusal(500, "internal", "connection pool exhausted")),
    );
    const firstName = screen.getByLabelText("First name");
    await user.clear(firstName);
    await user.type(firstName, "Augusta");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to update profile. Please try again.",
    );
    expect(calls.map((call) => call.procedure)).toContain("profiles.save");
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("says the same when the server cannot be reached", async () => {
    const user = userEvent.setup();
    renderDialog(() => Promise.reject(unreachable()));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to update profile. Please try again.",
    );
  });

  it("has the e-mail address, checked with the spec's texts before anything is sent (issue 34)", async () => {
    const user = userEvent.setup();
    const { calls } = renderDialog(() => PROFILE);
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.value).toBe("ada@acme.test");
    await user.clear(email);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Email is required");
    await user.type(email, "ada@acme");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Email is invalid");
    expect(calls).toEqual([]);
  });

  it("asks for a changed address by a link, and says to check that inbox", async () => {
    const user = userEvent.setup();
    const { onOpenChange, calls } = renderDialog(
      () => PROFILE,
      () => ({ pendingEmail: "ada@newco.test" }),
    );
    const email = screen.getByLabelText("Email");
    await user.clear(email);
    await user.type(email, "Ada@NewCo.test");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("Check your inbox");
    expect(status.textContent).toContain("We sent a confirmation link to ada@newco.test.");
    expect(status.textContent).toContain("until then you sign in with ada@acme.test");
    expect(inputsOf(calls, "profiles.requestEmailChange")[0]?.body).toEqual({ email: "ada@newco.test" });
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("says on the field when another account has the address", async () => {
    const user = userEvent.setup();
    renderDialog(
      () => PROFILE,
      () =>
        Promise.reject(refusal(409, "conflict", "This e-mail address is already used by another account.")),
    );
    const email = screen.getByLabelText("Email");
    await user.clear(email);
    await user.type(email, "taken@acme.test");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This e-mail address is already used by another account.",
    );
    expect(screen.queryByText("Check your inbox")).toBeNull();
  });

  it("saves the name alone when the address is unchanged, and closes", async () => {
    const user = userEvent.setup();
    const { onOpenChange, calls } = renderDialog(() => PROFILE);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((call) => call.procedure)).toEqual(["profiles.save"]);
  });
});
