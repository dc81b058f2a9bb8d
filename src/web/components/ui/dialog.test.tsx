import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { Dialog, DialogContent } from "./dialog.tsx";

afterEach(cleanup);

/**
 * A dialog opened from state (no Dialog.Trigger), as the app's toolbars and menus do: by a button,
 * by an item that is removed in the same update, or by an item of a menu that stays a moment.
 */
function Opener({
  via = "button",
  autoFocus = false,
}: {
  via?: "button" | "removed item" | "menu item";
  autoFocus?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [itemShown, setItemShown] = useState(false);
  const item = (
    <button
      type="button"
      ref={(element) => element?.focus()}
      onClick={() => {
        if (via === "removed item") setItemShown(false);
        setOpen(true);
      }}
    >
      Item
    </button>
  );
  return (
    <>
      <button type="button" onClick={() => (via === "button" ? setOpen(true) : setItemShown(true))}>
        Open
      </button>
      {itemShown ? via === "menu item" ? <div role="menu">{item}</div> : item : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Example">
          <input aria-label="Name" autoFocus={autoFocus} />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("a dialog opened from state", () => {
  it.each([false, true])(
    "gives the focus back to the button that opened it (Escape; a field with autoFocus: %s)",
    async (autoFocus) => {
      const user = userEvent.setup();
      render(<Opener autoFocus={autoFocus} />);
      const opener = screen.getByRole("button", { name: "Open" });
      opener.focus();
      await user.keyboard("{Enter}");
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Name")));
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    },
  );

  it.each(["removed item", "menu item"] as const)(
    "opened by a %s, goes back to the button focused before it",
    async (via) => {
      const user = userEvent.setup();
      render(<Opener via={via} />);
      const opener = screen.getByRole("button", { name: "Open" });
      opener.focus();
      await user.keyboard("{Enter}");
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Item" })));
      await user.keyboard("{Enter}");
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Name")));
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    },
  );
});

describe("the confirm dialog", () => {
  function Confirming() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Delete
        </button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Delete it?"
          description="This cannot be undone."
          confirmLabel="Delete"
          onConfirm={() => setOpen(false)}
        />
      </>
    );
  }

  it("gives the focus back to its opener when cancelled", async () => {
    const user = userEvent.setup();
    render(<Confirming />);
    const opener = screen.getByRole("button", { name: "Delete" });
    opener.focus();
    await user.keyboard("{Enter}");
    const cancel = await screen.findByRole("button", { name: "Cancel" });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
