import { describe, expect, it } from "vitest";
import { canSave, editKeyIntent, editReducer, isChanged, stripTrailingNewlines } from "./cell-edit.ts";

const cell = { value: "Hello", version: 3, updatedAt: "2026-01-01T00:00:00.000Z" };

describe("stripTrailingNewlines", () => {
  it("removes only trailing newlines", () => {
    expect(stripTrailingNewlines("a\nb\n\n")).toBe("a\nb");
    expect(stripTrailingNewlines("a\r\n")).toBe("a");
    expect(stripTrailingNewlines("\na ")).toBe("\na ");
  });
});

describe("editKeyIntent", () => {
  it("Enter saves, Tab / Shift+Tab save and move on, Shift+Enter types a newline, Escape discards", () => {
    expect(editKeyIntent({ key: "Enter", shiftKey: false })).toBe("save");
    expect(editKeyIntent({ key: "Enter", shiftKey: false, ctrlKey: true })).toBe("save");
    expect(editKeyIntent({ key: "Tab", shiftKey: false })).toBe("save-next");
    expect(editKeyIntent({ key: "Tab", shiftKey: true })).toBe("save-previous");
    expect(editKeyIntent({ key: "Enter", shiftKey: true })).toBeNull();
    expect(editKeyIntent({ key: "Escape", shiftKey: false })).toBe("discard");
    expect(editKeyIntent({ key: "Enter", shiftKey: false, isComposing: true })).toBeNull();
    expect(editKeyIntent({ key: "a", shiftKey: false })).toBeNull();
  });
});

describe("editReducer", () => {
  it("goes unchanged → changed → closed", () => {
    let session = editReducer(null, { type: "begin", keyId: "k", language: "de", cell });
    expect(session).toMatchObject({ original: "Hello", draft: "Hello", baseVersion: 3 });
    expect(isChanged(session)).toBe(false);
    session = editReducer(session, { type: "change", draft: "Hallo" });
    expect(isChanged(session)).toBe(true);
    session = editReducer(session, { type: "change", draft: "Hello\n" });
    expect(isChanged(session)).toBe(false);
    expect(editReducer(session, { type: "close" })).toBeNull();
  });

  it("machine output can be saved unchanged, which checks it, yet leaving it asks nothing (issue 19)", () => {
    const ai = editReducer(null, {
      type: "begin",
      keyId: "k",
      language: "de",
      cell: { ...cell, machine: "ai" },
    });
    expect(isChanged(ai)).toBe(false);
    expect(canSave(ai)).toBe(true);
    const person = editReducer(null, { type: "begin", keyId: "k", language: "de", cell });
    expect(canSave(person)).toBe(false);
  });

  it("an empty cell has no base version", () => {
    const session = editReducer(null, { type: "begin", keyId: "k", language: "de", cell: undefined });
    expect(session).toMatchObject({ original: "", draft: "", baseVersion: undefined });
  });

  it("follows their change silently when nothing was typed, else keeps it for the user to decide", () => {
    const theirs = { cell: { ...cell, value: "Hi", version: 4 }, by: "Grace" };
    const untouched = editReducer(editReducer(null, { type: "begin", keyId: "k", language: "de", cell }), {
      type: "theirs",
      change: theirs,
    });
    expect(untouched).toMatchObject({ original: "Hi", draft: "Hi", baseVersion: 4, theirs: undefined });

    let typed = editReducer(null, { type: "begin", keyId: "k", language: "de", cell });
    typed = editReducer(typed, { type: "change", draft: "Hallo" });
    typed = editReducer(typed, { type: "theirs", change: theirs });
    expect(typed).toMatchObject({ draft: "Hallo", baseVersion: 3, theirs });
  });
});
