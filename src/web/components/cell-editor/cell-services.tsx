import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, createContext, useContext } from "react";
import type { GlossaryEntry } from "../../../shared/glossary/match.ts";
import type {
  Cell,
  MachineKind,
  SavedString,
  SaveStringBody,
  StringConflict,
} from "../../../shared/schemas/keys.ts";

export interface SaveStringInput extends SaveStringBody {
  keyId: string;
  language: string;
}

/** The part of a save mutation the cell-editing hook uses. */
export interface SaveStringAction {
  mutateAsync(input: SaveStringInput): Promise<SavedString>;
}

/** The part of an AI-translate mutation a cell uses (its pending state shows 'Translating…'). */
export interface TranslateStringAction {
  isPending: boolean;
  mutate(
    input: { keyId: string; language: string },
    callbacks: { onSuccess: (saved: SavedString) => void; onError: (error: unknown) => void },
  ): void;
}

export interface HistorySlotProps {
  projectId: string;
  keyId: string;
  language: string;
  /** For the button's accessible name. */
  cellLabel: string;
  /** The cell's machine mark: the current version is machine output no person has checked. */
  machine?: MachineKind | undefined;
  onRestored: () => void;
  onOpenChange?: (open: boolean) => void;
}

export interface SuggestionsSlotProps {
  keyId: string;
  /** The language being edited (never the source language). */
  language: string;
  /** Ask only when the key has a source text: without one, nothing can match. */
  enabled: boolean;
  disabled?: boolean;
  /** Puts the translation into the editor. */
  onUse: (translation: string) => void;
  /** Hands the focus back to the editor. */
  onDone?: () => void;
}

export interface AssistantSlotProps {
  keyId: string;
  language: string;
  /** The open editor's draft. */
  text: string;
  cellLabel: string;
  disabled?: boolean;
  /** Open the action menu on mount (the cell's sparkles button opened the editor for it). */
  defaultMenuOpen?: boolean;
  /** Puts the accepted suggestion in the editor. */
  onAccept: (suggestion: string) => void;
  /** Hands the focus back to the editor. */
  onDone?: () => void;
}

export interface CommentsSlotProps {
  projectId: string;
  keyId: string;
  language: string;
  /** For the button's accessible name ("Comments on <cell label> (2 open)"). */
  cellLabel: string;
  onOpenChange?: (open: boolean) => void;
  /**
   * "actions" (default): in the cell's hover actions, always there. "badge": on the cell while its
   * actions are hidden, only when the thread has open comments (with their count).
   */
  placement?: "actions" | "badge";
}

/**
 * What the cell editor needs from the feature that owns the strings' API and the key-list cache
 * (translations). It is passed in rather than imported, so that this shared folder depends on no
 * feature and a page can hand the same services to the Overview and to a review.
 *
 * The two `use…` members are hooks: the value given to the provider must be one constant object (a
 * module-level value), so every render calls the same hooks in the same order.
 */
export interface CellServices {
  useSaveString(projectId: string): SaveStringAction;
  /** The concurrent-edit answer of a failed save, if that is what it was. */
  conflictOf(error: unknown): StringConflict | undefined;
  /** Puts a cell into the cached key lists; with `onlyNewer`, an older or equal version is ignored. */
  applyCell(
    queryClient: QueryClient,
    projectId: string,
    keyId: string,
    language: string,
    cell: Cell,
    options?: { onlyNewer?: boolean },
  ): boolean;
  useTranslateString(projectId: string): TranslateStringAction;
  /** The versions of one string, with restore (in the cell's actions). */
  HistoryPopover: ComponentType<HistorySlotProps>;
  /** Translation memory under a target-language editor. */
  MemorySuggestions: ComponentType<SuggestionsSlotProps>;
  /** The writing assistant above a source-language editor. */
  WritingAssistant: ComponentType<AssistantSlotProps>;
  /** A cell's comment thread (issue 21): a speech bubble with the open count, opening the thread. */
  CommentsButton: ComponentType<CommentsSlotProps>;
  /** A source text with the team's glossary terms underlined, their translations on hover and focus. */
  GlossaryText: ComponentType<{ text: string; language: string; projectId: string }>;
  /** The team's glossary for the cell's quality checks (issue 21); a hook, like the `use…` above. */
  useGlossaryEntries(projectId: string): readonly GlossaryEntry[];
}

const CellServicesContext = createContext<CellServices | null>(null);

export const CellServicesProvider = CellServicesContext.Provider;

export function useCellServices(): CellServices {
  const value = useContext(CellServicesContext);
  // A missing provider is a wiring mistake of the page; failing loudly beats cells without saves.
  if (!value) throw new Error("useCellServices must be used inside CellServicesProvider");
  return value;
}
