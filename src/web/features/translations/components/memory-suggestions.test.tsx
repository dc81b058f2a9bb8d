import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MemorySuggestion } from "../../../../shared/schemas/memory.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi, refusal } from "../../../test/mock-api.ts";
import { MemorySuggestions } from "./memory-suggestions.tsx";

const SUGGESTIONS: MemorySuggestion[] = [
  {
    keyId: "k2",
    keyName: "dialog.save",
    projectName: "App",
    source: "Save changes",
    translation: "Änderungen speichern",
    similarity: 100,
  },
  {
    keyId: "k3",
    keyName: "form.save",
    projectName: "Web",
    source: "Save all changes",
    translation: "Alle Änderungen speichern",
    similarity: 76,
  },
  {
    keyId: "k4",
    keyName: "misc",
    projectName: "App",
    source: "Changes",
    translation: "Änderungen",
    similarity: 41,
  },
];

/** Translation memory answering `suggestions`, or refusing with a 500 when `fail`. */
function stubMemory(suggestions: MemorySuggestion[], fail = false) {
  return mockApi({
    memory: {
      suggestions: () => (fail ? Promise.reject(refusal(500, "internal", "boom")) : { suggestions }),
    },
  });
}

/** The cell as the Overview renders it: the editor's textarea and the suggestions below it. */
function Cell({ enabled, onUse }: { enabled: boolean; onUse: (translation: string) => void }) {
  const [draft, setDraft] = useState("");
  return (
    <div>
      <textarea
        aria-label="German of settings.save"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <MemorySuggestions
        keyId="k1"
        language="de"
        enabled={enabled}
        onUse={(translation) => {
          onUse(translation);
          setDraft(translation);
        }}
        onDone={() => screen.getByLabelText<HTMLTextAreaElement>("German of settings.save").focus()}
      />
    </div>
  );
}

function setup(enabled = true) {
  const onUse = vi.fn<(translation: string) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Cell enabled={enabled} onUse={onUse} />
    </QueryClientProvider>,
  );
  const textarea = screen.getByLabelText<HTMLTextAreaElement>("German of settings.save");
  return { onUse, textarea, user: userEvent.setup() };
}

const list = () => screen.findByRole("region", { name: "Suggestions from translation memory" });

afterEach(() => {
  cleanup();
});

describe("translation memory suggestions", () => {
  it("asks for the cell and shows each translation with its source and match percentage", async () => {
    const calls = stubMemory(SUGGESTIONS);
    setup();
    const region = await list();
    expect(calls[0]).toEqual({
      procedure: "memory.suggestions",
      input: { params: { keyId: "k1", lang: "de" } },
    });
    const buttons = within(region).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual([
      "Änderungen speichernSave changes100 %",
      "Alle Änderungen speichernSave all changes76 %",
      "ÄnderungenChanges41 %",
    ]);
    expect(buttons[1]?.title).toContain("form.save (Web)");
  });

  it("puts the clicked translation into the editor and gives it the focus back", async () => {
    stubMemory(SUGGESTIONS);
    const { onUse, textarea, user } = setup();
    const region = await list();
    await user.click(within(region).getByRole("button", { name: /^Alle Änderungen speichern/ }));
    expect(onUse).toHaveBeenCalledWith("Alle Änderungen speichern");
    expect(textarea.value).toBe("Alle Änderungen speichern");
    expect(document.activeElement).toBe(textarea);
  });

  it("works from the keyboard: Alt+↓ from the text, ↑/↓ between suggestions, Enter uses one, Escape goes back", async () => {
    stubMemory(SUGGESTIONS);
    const { onUse, textarea, user } = setup();
    const region = await list();
    const buttons = within(region).getAllByRole("button");
    textarea.focus();
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}");
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toBe(buttons[2]);
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard("{Escape}");
    expect(document.activeElement).toBe(textarea);
    expect(onUse).not.toHaveBeenCalled();

    await user.keyboard("{Alt>}{ArrowDown}{/Alt}{Enter}");
    expect(onUse).toHaveBeenCalledWith("Änderungen speichern");
    expect(document.activeElement).toBe(textarea);
    // ↑ from the first suggestion also goes back to the text.
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}{ArrowUp}");
    expect(document.activeElement).toBe(textarea);
  });

  it("shows nothing when there are no suggestions or the request fails", async () => {
    const calls = stubMemory([]);
    setup();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("region")).toBeNull();
    cleanup();

    const failing = stubMemory([], true);
    setup();
    await waitFor(() => expect(failing.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("does not ask when the key has no source text", async () => {
    const calls = stubMemory(SUGGESTIONS);
    setup(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByRole("region")).toBeNull();
  });
});
