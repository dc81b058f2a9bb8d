import type { Cell } from "../../../shared/schemas/keys.ts";

/** Spec point 4: a saved cell flashes success for 1 second. Spec point 9: completion is rechecked 1 s after an edit. */
export const FLASH_MS = 1000;
export const COMPLETION_RECHECK_MS = 1000;

/** Spec point 5: trailing newlines are stripped on save (the API schema does it too). */
export function stripTrailingNewlines(value: string): string {
  return value.replace(/[\r\n]+$/, "");
}

export interface EditKeyEvent {
  key: string;
  shiftKey: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  isComposing?: boolean;
}

/** What a key pressed in the open editor asks for; "save-next"/"save-previous" also move a key on. */
export type EditKeyIntent = "save" | "save-next" | "save-previous" | "discard";

/**
 * Enter without Shift (Ctrl+Enter too) saves; Tab saves and moves to the next key, Shift+Tab to the
 * previous one, so a translator can work down a column; Escape discards; everything else
 * (Shift+Enter: a newline) types.
 */
export function editKeyIntent(event: EditKeyEvent): EditKeyIntent | null {
  if (event.isComposing) return null;
  if (event.key === "Escape") return "discard";
  if (event.key === "Tab") return event.shiftKey ? "save-previous" : "save-next";
  if (event.key === "Enter" && !event.shiftKey && !event.altKey) return "save";
  return null;
}

/** Someone else's value that arrived while editing (over the event stream or as a 409 answer). */
export interface TheirChange {
  cell: Cell;
  by: string | null;
}

/** The one open cell editor: unchanged → changed → saved or discarded (spec point 4). */
export interface EditSession {
  keyId: string;
  language: string;
  /** The value when editing began ('' for a cell without a string). */
  original: string;
  /** The cell's version when editing began; absent when the cell had no string. */
  baseVersion: number | undefined;
  draft: string;
  saving: boolean;
  theirs: TheirChange | undefined;
  /** Machine output no person has checked (issue 19): saving it as it is checks it. */
  unchecked?: boolean;
}

export type EditAction =
  | { type: "begin"; keyId: string; language: string; cell: Cell | undefined }
  | { type: "change"; draft: string }
  | { type: "saving" }
  | { type: "save-failed" }
  | { type: "theirs"; change: TheirChange }
  | { type: "close" };

export function isChanged(session: EditSession | null): boolean {
  return session !== null && stripTrailingNewlines(session.draft) !== session.original;
}

/**
 * Whether Save does something: a change, or machine output saved as it is, which checks it (issue
 * 19). Leaving such a cell unchanged asks nothing: only a change is "unsaved".
 */
export function canSave(session: EditSession | null): boolean {
  return isChanged(session) || session?.unchecked === true;
}

export function editReducer(session: EditSession | null, action: EditAction): EditSession | null {
  switch (action.type) {
    case "begin":
      return {
        keyId: action.keyId,
        language: action.language,
        original: action.cell?.value ?? "",
        baseVersion: action.cell?.version,
        draft: action.cell?.value ?? "",
        saving: false,
        theirs: undefined,
        ...(action.cell?.machine ? { unchecked: true } : {}),
      };
    case "change":
      return session ? { ...session, draft: action.draft } : session;
    case "saving":
      return session ? { ...session, saving: true } : session;
    case "save-failed":
      return session ? { ...session, saving: false } : session;
    case "theirs": {
      if (!session) return session;
      if (!isChanged(session) && !session.saving) {
        // Nothing typed yet: follow their value instead of asking.
        const { cell } = action.change;
        return {
          ...session,
          original: cell.value,
          draft: cell.value,
          baseVersion: cell.version,
          theirs: undefined,
        };
      }
      return { ...session, saving: false, theirs: action.change };
    }
    case "close":
      return null;
  }
}
