import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ASSIST_ACTIONS, ASSIST_LABELS } from "../../../../shared/schemas/assist.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { WritingAssistant } from "./writing-assistant.tsx";

const toastError = vi.hoisted(() => vi.fn<(message: string) => void>());
vi.mock("sonner", () => ({ toast: { error: toastError, success: vi.fn() } }));

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A fetch whose answer the test releases, to see the loading state in between. */
function deferredFetch() {
  let release: (response: Response) => void = () => {};
  const fetchMock = vi.fn<typeof fetch>(
    () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, answer: (status: number, body: unknown) => release(jsonResponse(status, body)) };
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
  // Radix measures its popper; jsdom has no layout.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  toastError.mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the writing assistant", () => {
  it("offers the five actions", async () => {
    deferredFetch();
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
    const { fetchMock, answer } = deferredFetch();
    const { trigger, onAccept, onDone, user } = renderAssistant();
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Shorten" }));

    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/keys/k1/strings/en/assist");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      action: "shorten",
      text: "Please just save your changes",
    });
    expect((await screen.findByRole("status")).textContent).toBe("Shortening…");

    answer(200, {
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
    const { answer } = deferredFetch();
    const { trigger, onAccept, onDone, user } = renderAssistant();
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Expand" }));
    answer(200, { action: "expand", original: "Please just save your changes", suggestion: "Longer" });
    const panel = await screen.findByRole("region", { name: "Expand suggestion" });
    await user.click(within(panel).getByRole("button", { name: "Dismiss" }));
    expect(onAccept).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("works from the keyboard: open, pick, then Escape dismisses", async () => {
    const { fetchMock, answer } = deferredFetch();
    const { trigger, onAccept, user } = renderAssistant();
    trigger.focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("menu");
    // The menu's first item takes the focus; Fix grammar is the fourth.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Rephrase"));
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{Enter}");
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).action).toBe("fix_grammar");
    answer(200, { action: "fix_grammar", original: "a", suggestion: "A." });
    const panel = await screen.findByRole("region", { name: "Fix grammar suggestion" });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(panel).getByRole("button", { name: "Accept" })),
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region")).toBeNull();
    expect(onAccept).not.toHaveBeenCalled();
  });

  it("says so when there is nothing to change, offering only Dismiss", async () => {
    const { answer } = deferredFetch();
    const { trigger, user } = renderAssistant({ text: "Fine." });
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Fix grammar" }));
    answer(200, { action: "fix_grammar", original: "Fine.", suggestion: "Fine." });
    const panel = await screen.findByRole("region", { name: "Fix grammar suggestion" });
    expect(within(panel).getByText("No changes suggested")).toBeTruthy();
    expect(within(panel).queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("shows the server's error as a toast", async () => {
    const { answer } = deferredFetch();
    const { trigger, user } = renderAssistant();
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Rephrase" }));
    answer(502, { error: { code: "upstream_failed", message: "API request failed: 500 boom" } });
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("API request failed: 500 boom"));
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("is disabled without text, and can open with its menu shown", async () => {
    deferredFetch();
    const { trigger } = renderAssistant({ text: "   " });
    expect(trigger.disabled).toBe(true);
    cleanup();
    renderAssistant({ defaultMenuOpen: true });
    expect(await screen.findByRole("menu")).toBeTruthy();
  });
});
