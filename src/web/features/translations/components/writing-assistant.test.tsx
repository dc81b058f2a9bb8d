import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ASSIST_ACTIONS, ASSIST_LABELS, type AssistAnswer } from "../../../../shared/schemas/assist.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiError, inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { fakeResizeObserver } from "../../../test/resize-observer.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { WritingAssistant } from "./writing-assistant.tsx";

const toasts = watchToasts();
const toastError = toasts.error;

/** The assistant's API, whose answer the test releases, to see the loading state in between. */
function deferredAssist() {
  let release: (answer: AssistAnswer) => void = () => {};
  let refuse: (error: ApiError) => void = () => {};
  const calls = mockApi({
    assist: {
      assist: () =>
        new Promise<AssistAnswer>((resolve, reject) => {
          release = resolve;
          refuse = reject;
        }),
    },
  });
  return {
    calls,
    answer: (answer: AssistAnswer) => release(answer),
    refuse: (error: ApiError) => refuse(error),
  };
}

function renderAssistant(props: { text?: string; defaultMenuOpen?: boolean } = {}) {
  const onAccept = vi.fn<(suggestion: string) => void>();
  const onDone = vi.fn<() => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WritingAssistant
        keyId="k1"
        language="en"
        text={props.text ?? "Please just save your changes"}
        cellLabel="English of settings.save"
        defaultMenuOpen={props.defaultMenuOpen}
        onAccept={onAccept}
        onDone={onDone}
      />
    </QueryClientProvider>,
  );
  // `hidden`: an open menu hides the rest of the page from assistive technology.
  const trigger = screen.getByRole("button", {
    name: "Writing assistant for English of settings.save",
    hidden: true,
  });
  return { onAccept, onDone, trigger: trigger as HTMLButtonElement, user: userEvent.setup() };
}

beforeEach(() => {
  fakeResizeObserver();
  toastError.mockClear();
});

afterEach(() => {
  cleanup();
});

describe("the writing assistant", () => {
  it("offers the five actions", async () => {
    deferredAssist();
    const { trigger, user } = renderAssistant();
    await user.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(ASSIST_ACTIONS.map((action) => ASSIST_LABELS[action]));
  });

  it("sends the draft, shows it is working, then the suggestion beside the original; Accept hands it over", async () => {
    const { calls, answer } = deferredAssist();
    const { trigger, onAccept, onDone, user } = renderAssistant();
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Shorten" }));

    expect(calls).toEqual([
      {
        procedure: "assist.assist",
        input: {
          params: { keyId: "k1", lang: "en" },
          body: { action: "shorten", text: "Please just save your changes" },
        },
      },
    ]);
    expect((await screen.findByRole("status")).textContent).toBe("Shortening…");

    answer({
      action: "shorten",
      original: "Please just save your changes",
      suggestion: "Save your changes",
    });
    const panel = await screen.findByRole("region", { name: "Shorten suggestion" });
    expect(within(panel).getByText("Original")).toBeTruthy();
    expect(within(panel).getByText("Please just save your changes")).toBeTruthy();
    expect(within(panel).getByText("Save your changes")).toBeTruthy();
    const accept = within(panel).getByRole("button", { name: "Accept" });
    await waitFor(() => expect(document.activeElement).toBe(accept));

    await user.click(accept);
    expect(onAccept).toHaveBeenCalledWith("Save your changes");
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole("region", { name: "Shorten suggestion" })).toBeNull();
  });

  it("Dismiss closes the suggestion and changes nothing", async () => {
    const { answer } = deferredAssist();
    const { trigger, onAccept, onDone, user } = renderAssistant();
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Expand" }));
    answer({ action: "expand", original: "Please just save your changes", suggestion: "Longer" });
    const panel = await screen.findByRole("region", { name: "Expand suggestion" });
    await user.click(within(panel).getByRole("button", { name: "Dismiss" }));
    expect(onAccept).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("works from the keyboard: open, pick, then Escape dismisses", async () => {
    const { calls, answer } = deferredAssist();
    const { trigger, onAccept, user } = renderAssistant();
    trigger.focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("menu");
    // The menu's first item takes the focus; Fix grammar is the fourth.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Rephrase"));
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{Enter}");
    expect(inputsOf(calls, "assist.assist")[0]?.body.action).toBe("fix_grammar");
    answer({ action: "fix_grammar", original: "a", suggestion: "A." });
    const panel = await screen.findByRole("region", { name: "Fix grammar suggestion" });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(panel).getByRole("button", { name: "Accept" })),
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region")).toBeNull();
    expect(onAccept).not.toHaveBeenCalled();
  });

  it("says so when there is nothing to change, offering only Dismiss", async () => {
    const { answer } = deferredAssist();
    const { trigger, user } = renderAssistant({ text: "Fine." });
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Fix grammar" }));
    answer({ action: "fix_grammar", original: "Fine.", suggestion: "Fine." });
    const panel = await screen.findByRole("region", { name: "Fix grammar suggestion" });
    expect(within(panel).getByText("No changes suggested")).toBeTruthy();
    expect(within(panel).queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("shows the server's error as a toast", async () => {
    const { refuse } = deferredAssist();
    const { trigger, user } = renderAssistant();
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Rephrase" }));
    refuse(refusal(502, "upstream_failed", "API request failed: 500 boom"));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("API request failed: 500 boom"));
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("is disabled without text, and can open with its menu shown", async () => {
    deferredAssist();
    const { trigger } = renderAssistant({ text: "   " });
    expect(trigger.disabled).toBe(true);
    cleanup();
    renderAssistant({ defaultMenuOpen: true });
    expect(await screen.findByRole("menu")).toBeTruthy();
  });
});
