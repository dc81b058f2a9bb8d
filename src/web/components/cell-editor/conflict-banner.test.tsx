import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { projectEventSchemas } from "../../../shared/events.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { CellEditor } from "./cell-editor.tsx";
import { CellServicesProvider } from "./cell-services.tsx";
import { INERT_CELL_SERVICES } from "./test-fixtures.tsx";
import { type CellEditing, useCellEditing } from "./use-cell-editing.ts";

afterEach(cleanup);

/** The editing hook and the editor as a table wires them; `expose` hands the hook to the test. */
function Editing({ expose }: { expose: (editing: CellEditing) => void }) {
  const editing = useCellEditing("p1");
  useEffect(() => expose(editing), [editing, expose]);
  const session = editing.session;
  if (!session) return null;
  return (
    <CellEditor
      label="German of greeting"
      draft={session.draft}
      saving={session.saving}
      changed={editing.changed}
      theirs={session.theirs}
      onChange={editing.change}
      onSave={() => editing.save()}
      onDiscard={editing.discard}
      onKeepTheirs={editing.keepTheirs}
      onOverwrite={() => editing.save({ force: true })}
    />
  );
}

function openEditor() {
  let current: CellEditing | undefined;
  const expose = (editing: CellEditing) => {
    current = editing;
  };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CellServicesProvider value={INERT_CELL_SERVICES}>
        <Editing expose={expose} />
      </CellServicesProvider>
    </QueryClientProvider>,
  );
  const editing = () => {
    if (!current) throw new Error("the editing hook has not rendered");
    return current;
  };
  act(() =>
    editing().begin("k1", "de", { value: "Hallo", version: 1, updatedAt: "2026-01-01T00:00:00.000Z" }),
  );
  act(() => editing().change("Hallo Welt"));
  return editing;
}

/** A `string.updated` event as the stream delivers it, parsed by the one event map. */
function liveEvent(by: string | null) {
  return projectEventSchemas["string.updated"].parse({
    keyId: "k1",
    language: "de",
    cell: { value: "Servus", version: 2, updatedAt: "2026-01-02T00:00:00.000Z" },
    by,
  });
}

describe("the edit-conflict banner (issue 19)", () => {
  it("names the person whose live change arrived while editing, by the name the event carries", () => {
    const editing = openEditor();
    const event = liveEvent("Ada Lovelace");
    act(() => {
      editing().receiveTheirs(event.keyId, event.language, { cell: event.cell, by: event.by });
    });
    const banner = screen.getByRole("alert");
    expect(banner.textContent).toContain("Ada Lovelace changed this while you were editing");
    expect(banner.textContent).toContain("Servus");
  });

  it("says 'Someone' when the event cannot name the author", () => {
    const editing = openEditor();
    const event = liveEvent(null);
    act(() => {
      editing().receiveTheirs(event.keyId, event.language, { cell: event.cell, by: event.by });
    });
    expect(screen.getByRole("alert").textContent).toContain("Someone changed this while you were editing");
  });
});
