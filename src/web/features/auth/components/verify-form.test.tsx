import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../../shared/schemas/auth.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiCall, failure, mockApi, refusal } from "../../../test/mock-api.ts";
import { VerifyForm } from "./verify-form.tsx";

const me: Me = { user: { id: "u1", email: "ada@example.com" }, profile: null, teams: [] };

function renderForm(props: { codeSentAt?: number } = {}) {
  const onVerified = vi.fn<(me: Me) => void>();
  const onCodeSent = vi.fn<(at: number) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VerifyForm
        email="ada@example.com"
        codeSentAt={props.codeSentAt ?? Date.now()}
        onCodeSent={onCodeSent}
        onVerified={onVerified}
      />
    </QueryClientProvider>,
  );
  return {
    onVerified,
    onCodeSent,
    input: screen.getByLabelText("Verification code") as HTMLInputElement,
    verify: screen.getByRole("button", { name: "Verify" }) as HTMLButtonElement,
    resend: () => screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement,
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("VerifyForm code entry", () => {
  let calls: ApiCall[];
  beforeEach(() => {
    calls = mockApi({ auth: { verify: () => me } });
  });

  it("keeps Verify disabled until six digits are typed, and ignores non-digits", async () => {
    const user = userEvent.setup();
    const { input, verify } = renderForm();

    expect(verify.disabled).toBe(true);
    await user.type(input, "12a3-45");
    expect(input.value).toBe("12345");
    expect(verify.disabled).toBe(true);
    await user.type(input, "6");
    expect(input.value).toBe("123456");
    expect(verify.disabled).toBe(false);
  });

  it("says 'Please enter all 6 digits' when the field is left incomplete", async () => {
    const user = userEvent.setup();
    const { input } = renderForm();

    await user.type(input, "123");
    await user.tab();

    expect(await screen.findByText("Please enter all 6 digits")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("accepts a pasted code with separators and submits it", async () => {
    const user = userEvent.setup();
    const { input, verify, onVerified } = renderForm();

    await user.click(input);
    await user.paste("123 456");
    expect(input.value).toBe("123456");
    await user.click(verify);

    expect(onVerified).toHaveBeenCalledWith(me);
    expect(calls[0]).toEqual({
      procedure: "auth.verify",
      input: { body: { email: "ada@example.com", code: "123456" } },
    });
  });

  it("shows the server's message for a wrong code, and the fallback when there is none", async () => {
    const user = userEvent.setup();
    const answers = [refusal(400, "invalid_code", "That code is not right."), failure(500)];
    mockApi({
      auth: {
        verify: () => {
          const refused = answers.shift();
          if (refused) throw refused;
          return me;
        },
      },
    });
    const { input, verify, onVerified } = renderForm();

    await user.type(input, "000000");
    await user.click(verify);
    expect(await screen.findByText("That code is not right.")).toBeTruthy();

    await user.click(verify);
    expect(await screen.findByText("Invalid OTP. Please try again.")).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
  });
});

describe("VerifyForm resend link", () => {
  it("is disabled for 60 seconds after a send, with a visible countdown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    mockApi({ auth: { sendCode: () => ({ sent: true, resendAfterSeconds: 60 }) } });
    const { resend, onCodeSent } = renderForm({ codeSentAt: Date.now() });

    expect(resend().disabled).toBe(true);
    expect(screen.getByText("You can request a new code in 60 s")).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(resend().disabled).toBe(true);
    expect(screen.getByText("You can request a new code in 30 s")).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(resend().disabled).toBe(false);
    expect(screen.queryByText(/You can request a new code/)).toBeNull();

    // Resending starts the wait again.
    await act(async () => {
      fireEvent.click(resend());
    });
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(onCodeSent).toHaveBeenCalledTimes(1);
    expect(resend().disabled).toBe(true);
    expect(screen.getByText("You can request a new code in 60 s")).toBeTruthy();
  });

  it("says 'Failed to resend OTP' when resending fails", async () => {
    const user = userEvent.setup();
    mockApi({ auth: { sendCode: () => Promise.reject(failure(500)) } });
    const { resend } = renderForm({ codeSentAt: Date.now() - 61_000 });

    expect(resend().disabled).toBe(false);
    await user.click(resend());

    expect((await screen.findByRole("alert")).textContent).toBe("Failed to resend OTP");
  });
});
