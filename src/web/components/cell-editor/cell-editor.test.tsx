import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useReducer } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editReducer, isChanged, stripTrailingNewlines } from "./cell-edit.ts";
import { CellEditor } from "./cell-editor.tsx";

/** The editor wired to the real state machine, reporting what a save would send. */
function Harness({
  onSave,
  onSaveAndMove,
  onDiscard,
  maxLength,
}: {
  onSave: (value: string) => void;
  onSaveAndMove?: ((step: 1 | -1) => void) | undefined;
  onDiscard: () => void;
  maxLength?: number;
}) {
  const [session, dispatch] = useReducer(editReducer, null, () =>
    editReducer(null, {
      type: "begin",
      keyId: "k1",
      language: "de",
      cell: { value: "Hallo", version: 1, updatedAt: "2026-01-01T00:00:00.000Z" },
    }),
  );
  if (!session) return <p>closed</p>;
  return (
    <CellEditor
      label="German of greeting"
      draft={session.draft}
      saving={session.saving}
      changed={isChanged(session)}
      theirs={session.theirs}
      maxLength={maxLength}
      onChange={(draft) => dispatch({ type: "change", draft })}
      onSave={() => {
        onSave(stripTrailingNewlines(session.draft));
        dispatch({ type: "close" });
      }}
      onSaveAndMove={onSaveAndMove}
      onDiscard={() => {
        onDiscard();
        dispatch({ type: "close" });
      }}
      onKeepTheirs={() => dispatch({ type: "close" })}
      onOverwrite={() => dispatch({ type: "close" })}
    />
  );
}

function setup(maxLength?: number, onSaveAndMove?: (step: 1 | -1) => void) {
  const onSave = vi.fn<(value: string) => void>();
  const onDiscard = vi.fn<() => void>();
  render(
    <>
      <Harness
        onSave={onSave}
        onSaveAndMove={onSaveAndMove}
        onDiscard={onDiscard}
        {...(maxLength ? { maxLength } : {})}
      />
      {/* Something focusable after the editor, where an unhandled Tab would go. */}
      <button type="button">Copy</button>
    </>,
  );
  const textarea = screen.getByLabelText("German of greeting") as HTMLTextAreaElement;
  return { onSave, onDiscard, textarea, user: userEvent.setup() };
}

afterEach(cleanup);

describe("the cell editor", () => {
  it("starts focused with the current value; Save is disabled until something changes", async () => {
    const { textarea } = setup();
    expect(textarea.value).toBe("Hallo");
    expect(document.activeElement).toBe(textarea);
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("Enter saves", async () => {
    const { textarea, onSave, user } = setup();
    await user.type(textarea, " Welt{Enter}");
    expect(onSave).toHaveBeenCalledWith("Hallo Welt");
    expect(screen.getByText("closed")).toBeTruthy();
  });

  it("Shift+Enter types a newline instead of saving", async () => {
    const { textarea, onSave, user } = setup();
    await user.type(textarea, "{Shift>}{Enter}{/Shift}Welt");
    expect(onSave).not.toHaveBeenCalled();
    expect(textarea.value).toBe("Hallo\nWelt");
  });

  it("Escape discards", async () => {
    const { textarea, onSave, onDiscard, user } = setup();
    await user.type(textarea, " Welt{Escape}");
    expect(onSave).not.toHaveBeenCalled();
    expect(onDiscard).toHaveBeenCalledOnce();
    expect(screen.getByText("closed")).toBeTruthy();
  });

  it("in a table that moves between keys, Tab and Shift+Tab ask to save and move, and the focus stays", async () => {
    const onSaveAndMove = vi.fn<(step: 1 | -1) => void>();
    const { textarea, onSave, user } = setup(undefined, onSaveAndMove);
    expect(screen.getByText(/Tab: next key/)).toBeTruthy();
    await user.type(textarea, "!");
    await user.tab();
    expect(onSaveAndMove).toHaveBeenLastCalledWith(1);
    // The table moves the focus (to the next key's editor): Tab itself never lands on the buttons after it.
    expect(document.activeElement).toBe(textarea);
    await user.tab({ shift: true });
    expect(onSaveAndMove).toHaveBeenLastCalledWith(-1);
    expect(document.activeElement).toBe(textarea);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("in a table that cannot move between keys, Tab and Shift+Tab save and close", async () => {
    const first = setup();
    expect(screen.queryByText(/Tab: next key/)).toBeNull();
    await first.user.type(first.textarea, "!");
    await first.user.tab();
    expect(first.onSave).toHaveBeenCalledWith("Hallo!");
    expect(screen.getByText("closed")).toBeTruthy();
    cleanup();
    const second = setup();
    await second.user.tab({ shift: true });
    expect(second.onSave).toHaveBeenCalledOnce();
    expect(screen.getByText("closed")).toBeTruthy();
  });

  it("with someone else's change showing, Enter does not save and Tab moves on to Keep theirs / Overwrite", async () => {
    const onSave = vi.fn<() => void>();
    const onOverwrite = vi.fn<() => void>();
    const noop = () => {};
    render(
      <CellEditor
        label="German of greeting"
        draft="Hallo"
        saving={false}
        changed={true}
        theirs={{ cell: { value: "Servus", version: 2, updatedAt: "2026-01-01T00:00:00.000Z" }, by: "Grace" }}
        onChange={noop}
        onSave={onSave}
        onDiscard={noop}
        onKeepTheirs={noop}
        onOverwrite={onOverwrite}
      />,
    );
    const user = userEvent.setup();
    expect(document.activeElement).toBe(screen.getByLabelText("German of greeting"));
    await user.keyboard("{Enter}");
    expect(onSave).not.toHaveBeenCalled();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Keep theirs" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Overwrite" }));
    await user.keyboard("{Enter}");
    expect(onOverwrite).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("trailing newlines are stripped from what is saved", async () => {
    const { textarea, onSave, user } = setup();
    await user.type(textarea, "!{Shift>}{Enter}{Enter}{/Shift}");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).toHaveBeenCalledWith("Hallo!");
  });

  it("counts characters against the key's max length and says when the text is over it", async () => {
    const { textarea, onSave, user } = setup(7);
    expect(screen.getByText("5 / 7")).toBeTruthy();
    await user.type(textarea, " Welt");
    expect(screen.getByText("3 over the max of 7")).toBeTruthy();
    // Over the limit is said, not blocked: the translator decides.
    await user.keyboard("{Enter}");
    expect(onSave).toHaveBeenCalledWith("Hallo Welt");
  });

  it("shows no count for a key without a max length", () => {
    setup();
    expect(screen.queryByText(/\/ \d+$/)).toBeNull();
  });
});
