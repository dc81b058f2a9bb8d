import type { GlossaryEntry } from "../../../shared/glossary/match.ts";
import type { CellServices } from "../../components/cell-editor/cell-services.tsx";
import { stringConflictOf, useSaveString } from "./api/save-string.ts";
import { useTranslateString } from "./api/translate-string.ts";
import { HistoryPopover } from "./components/history-popover.tsx";
import { MemorySuggestions } from "./components/memory-suggestions.tsx";
import { WritingAssistant } from "./components/writing-assistant.tsx";
import { applyCell } from "./key-cache.ts";

// No glossary until the glossary feature gives the cell its entries (one constant: hooks' results
// feed memos).
const EMPTY: readonly GlossaryEntry[] = [];

/**
 * The cell's slots other features fill (a feature imports no other): the pages add them, see
 * src/web/pages/app/cell-services.ts.
 */
export type TranslationLessSlots = "CommentsButton" | "GlossaryText";

/**
 * The strings' API and key-list cache of this feature, for the shared cell editor. Pages give it to
 * CellServicesProvider around the Overview and around a review (the reviews feature does not import
 * this one). One module-level object, because its hooks must stay the same from render to render.
 */
export const TRANSLATION_CELL_SERVICES: Omit<CellServices, TranslationLessSlots> = {
  useSaveString,
  conflictOf: stringConflictOf,
  applyCell,
  useTranslateString,
  HistoryPopover,
  MemorySuggestions,
  WritingAssistant,
  useGlossaryEntries: () => EMPTY,
};
