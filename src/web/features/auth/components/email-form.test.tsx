import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SendCodeBody } from "../../../../shared/schemas/auth.ts";
import { SSO_ERRORS } from "../../../../shared/schemas/sso.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi, refusal } from "../../../test/mock-api.ts";
import { EmailForm } from "./email-form.tsx";

const IDP_URL = "https://idp.example/authorize?state=s";

function renderForm() {
  const onSent = vi.fn<(email: string) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EmailForm fallbackError="Failed to sign in" onSent={onSent} />
    </QueryClientProvider>,
  );
  return { onSent };
}

async function submit(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), email);
  await user.click(screen.getByRole("button", { name: "Continue" }));
  return user;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("EmailForm and single sign-on", () => {
  it("e-mails a code to an address no team's single sign-on covers", async () => {
    const calls = mockApi({ auth: { sendCode: () => ({ sent: true, resendAfterSeconds: 60 }) } });
    const { onSent } = renderForm();
    await submit("ada@example.com");
    expect(onSent).toHaveBeenCalledWith("ada@example.com");
    expect(calls[0]).toEqual({ procedure: "auth.sendCode", input: { body: { email: "ada@example.com" } } });
  });

  it("offers the team's identity provider for an address at its verified domain", async () => {
    mockApi({ auth: { sendCode: () => ({ sent: false, sso: { url: IDP_URL, teamName: "Acme" } }) } });
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    const { onSent } = renderForm();
    const user = await submit("ada@acme.example");
    expect(screen.getByText("Acme")).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Continue with single sign-on" }));
    expect(assign).toHaveBeenCalledWith(IDP_URL);
  });

  it("sends a code when asked after all, and shows enforcement's refusal as the server words it", async () => {
    const bodies: SendCodeBody[] = [];
    let refuse = false;
    mockApi({
      auth: {
        sendCode: ({ body }) => {
          bodies.push(body);
          if (!body.withCode) return { sent: false, sso: { url: IDP_URL, teamName: "Acme" } };
          if (refuse) throw refusal(403, "forbidden", SSO_ERRORS.enforcedRefused);
          return { sent: true, resendAfterSeconds: 60 };
        },
      },
    });
    const { onSent } = renderForm();
    const user = await submit("ada@acme.example");

    refuse = true;
    await user.click(screen.getByRole("button", { name: "Use an e-mail code instead" }));
    expect((await screen.findByRole("alert")).textContent).toBe(SSO_ERRORS.enforcedRefused);
    expect(onSent).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole("button", { name: "Use an e-mail code instead" }));
    expect(onSent).toHaveBeenCalledWith("ada@acme.example");
    expect(bodies.at(-1)).toEqual({ email: "ada@acme.example", withCode: true });
  });

  it("says when the provider cannot be reached, tries again, and still offers a code", async () => {
    let reachable = false;
    mockApi({
      auth: {
        sendCode: ({ body }) =>
          body.withCode
            ? { sent: true, resendAfterSeconds: 60 }
            : { sent: false, sso: { url: reachable ? IDP_URL : null, teamName: "Acme" } },
      },
    });
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    renderForm();
    const user = await submit("ada@acme.example");
    expect(screen.getByRole("alert").textContent).toContain("cannot be reached right now");
    expect(screen.queryByRole("button", { name: "Continue with single sign-on" })).toBeNull();
    expect(screen.getByRole("button", { name: "Use an e-mail code instead" })).toBeTruthy();

    reachable = true;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(assign).toHaveBeenCalledWith(IDP_URL);
  });

  it("goes back to the address field", async () => {
    mockApi({ auth: { sendCode: () => ({ sent: false, sso: { url: IDP_URL, teamName: "Acme" } }) } });
    renderForm();
    const user = await submit("ada@acme.example");
    await user.click(screen.getByRole("button", { name: "Use another address" }));
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ada@acme.example");
  });
});
