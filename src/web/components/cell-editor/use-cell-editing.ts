import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { toast } from "sonner";
import type { Cell } from "../../../shared/schemas/keys.ts";
import {
  canSave,
  type EditSession,
  editReducer,
  FLASH_MS,
  isChanged,
  stripTrailingNewlines,
  type TheirChange,
} from "./cell-edit.ts";
import type { CellTarget } from "./cell-navigation.tsx";
import { useCellServices } from "./cell-services.tsx";
import { useCompletionRecheck } from "./use-completion-recheck.ts";

export const SAVE_FAILED = "Failed to update translation";

export function cellId(keyId: string, language: string): string {
  return `${keyId}\u0000${language}`;
}

export interface SaveOptions {
  /** Save over someone else's change (the conflict banner's 'Overwrite'). */
  force?: boolean;
  /**
   * The cell to open once saved, or when there was nothing to save (Tab: the next key's), asked then
   * rather than when the key was pressed; null or absent: the editor closes. A failed save keeps the
   * editor where it is either way.
   */
  thenOpen?: () => CellTarget | null;
}

export interface CellEditing {
  session: EditSession | null;
  changed: boolean;
  /** Cells that flash success right now (by cellId). */
  flashing: ReadonlySet<string>;
  /** The unsaved-changes question is open. */
  askingUnsaved: boolean;
  begin: (keyId: string, language: string, cell: Cell | undefined) => void;
  change: (draft: string) => void;
  save: (options?: SaveOptions) => void;
  discard: () => void;
  keepTheirs: () => void;
  /** A click outside the open editor: closes it, or asks first when something was typed. */
  requestClose: () => void;
  answerUnsaved: (answer: "save" | "discard" | "cancel") => void;
  /** Saves a value without the editor (e.g. Fix placeholders). */
  saveValue: (keyId: string, language: string, cell: Cell | undefined, value: string) => void;
  /** After a save made elsewhere (e.g. a restore): flash the cell and recheck completion. */
  markSaved: (keyId: string, language: string) => void;
  /** Someone else's save of a cell; true when the open editor took it (the cache is left alone then). */
  receiveTheirs: (keyId: string, language: string, change: TheirChange) => boolean;
}

/**
 * The state of the one open cell editor of a table (the Overview's, a review's), and the saves it
 * makes (spec point 4). Saving and the key-list cache come from the page's CellServicesProvider.
 */
export function useCellEditing(projectId: string): CellEditing {
  const queryClient = useQueryClient();
  const { useSaveString, conflictOf, applyCell } = useCellServices();
  const saveString = useSaveString(projectId);
  const recheckCompletion = useCompletionRecheck(projectId);
  const [session, dispatch] = useReducer(editReducer, null);
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(new Set());
  const [askingUnsaved, setAskingUnsaved] = useState(false);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const flash = useCallback((id: string) => {
    setFlashing((old) => new Set(old).add(id));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFlashing((old) => {
        const next = new Set(old);
        next.delete(id);
        return next;
      });
    }, FLASH_MS);
    timers.current.add(timer);
  }, []);

  const send = useCallback(
    async (
      target: { keyId: string; language: string; original: string; baseVersion: number | undefined },
      value: string,
      force: boolean,
    ): Promise<"saved" | "conflict" | "failed"> => {
      try {
        const saved = await saveString.mutateAsync({
          keyId: target.keyId,
          language: target.language,
          value: stripTrailingNewlines(value),
          ...(target.baseVersion !== undefined ? { baseVersion: target.baseVersion } : {}),
          ...(force ? { force: true } : {}),
        });
        flash(cellId(saved.keyId, saved.language));
        toast.success(
          target.baseVersion !== undefined && target.original !== "" ? "Translation updated" : "Saved",
        );
        recheckCompletion();
        return "saved";
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) {
          const { updatedBy, ...cell } = conflict.current;
          const open = sessionRef.current;
          if (open && open.keyId === target.keyId && open.language === target.language) {
            dispatch({ type: "theirs", change: { cell, by: updatedBy } });
            return "conflict";
          }
        }
        toast.error(SAVE_FAILED);
        return "failed";
      }
    },
    [saveString, conflictOf, flash, recheckCompletion],
  );

  const save = useCallback(
    (options: SaveOptions = {}) => {
      const open = sessionRef.current;
      if (!open || open.saving) return;
      const force = options.force === true;
      // Opening the next cell replaces the session in one step: the saved one asks nothing on leaving.
      const closeOrMove = () => {
        const next = options.thenOpen?.() ?? null;
        dispatch(next ? { type: "begin", ...next } : { type: "close" });
      };
      if (!force && !canSave(open)) {
        closeOrMove();
        return;
      }
      dispatch({ type: "saving" });
      const base = force && open.theirs ? open.theirs.cell.version : open.baseVersion;
      void send({ ...open, baseVersion: base }, open.draft, force).then((result) => {
        const still = sessionRef.current;
        const same = still && still.keyId === open.keyId && still.language === open.language;
        if (result === "saved" && same) closeOrMove();
        if (result === "failed" && same) dispatch({ type: "save-failed" });
      });
    },
    [send],
  );

  const closeWith = useCallback(
    (theirs: TheirChange | undefined) => {
      const open = sessionRef.current;
      if (open && theirs)
        applyCell(queryClient, projectId, open.keyId, open.language, theirs.cell, { onlyNewer: true });
      dispatch({ type: "close" });
    },
    [queryClient, projectId, applyCell],
  );

  const discard = useCallback(() => closeWith(sessionRef.current?.theirs), [closeWith]);
  const keepTheirs = discard;

  const begin = useCallback((keyId: string, language: string, cell: Cell | undefined) => {
    const open = sessionRef.current;
    if (open && open.keyId === keyId && open.language === language) return;
    if (open && isChanged(open)) {
      setAskingUnsaved(true);
      return;
    }
    dispatch({ type: "begin", keyId, language, cell });
  }, []);

  const requestClose = useCallback(() => {
    const open = sessionRef.current;
    if (!open || open.saving) return;
    if (isChanged(open)) setAskingUnsaved(true);
    else discard();
  }, [discard]);

  const answerUnsaved = useCallback(
    (answer: "save" | "discard" | "cancel") => {
      setAskingUnsaved(false);
      if (answer === "save") save();
      if (answer === "discard") discard();
    },
    [save, discard],
  );

  const saveValue = useCallback(
    (keyId: string, language: string, cell: Cell | undefined, value: string) => {
      void send({ keyId, language, original: cell?.value ?? "", baseVersion: cell?.version }, value, false);
    },
    [send],
  );

  const receiveTheirs = useCallback(
    (keyId: string, language: string, change: TheirChange) => {
      const open = sessionRef.current;
      if (!open || open.keyId !== keyId || open.language !== language) return false;
      // While our save is in flight the event is most likely its echo; a real clash comes back as a 409.
      if (open.saving) return true;
      if (open.baseVersion !== undefined && change.cell.version <= open.baseVersion) return true;
      if (!isChanged(open))
        applyCell(queryClient, projectId, keyId, language, change.cell, { onlyNewer: true });
      dispatch({ type: "theirs", change });
      return true;
    },
    [queryClient, projectId, applyCell],
  );

  const markSaved = useCallback(
    (keyId: string, language: string) => {
      flash(cellId(keyId, language));
      recheckCompletion();
    },
    [flash, recheckCompletion],
  );

  return useMemo(
    () => ({
      session,
      // What enables Save: a change, or machine output to check as it is.
      changed: canSave(session),
      flashing,
      askingUnsaved,
      begin,
      change: (draft: string) => dispatch({ type: "change", draft }),
      save,
      discard,
      keepTheirs,
      requestClose,
      answerUnsaved,
      saveValue,
      markSaved,
      receiveTheirs,
    }),
    [
      session,
      flashing,
      askingUnsaved,
      begin,
      save,
      discard,
      keepTheirs,
      requestClose,
      answerUnsaved,
      saveValue,
      markSaved,
      receiveTheirs,
    ],
  );
}
