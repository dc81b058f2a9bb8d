import type { CellServices } from "../../components/cell-editor/cell-services.tsx";
import { stringConflictOf, useSaveString } from "./api/save-string.ts";
import { useTranslateString } from "./api/translate-string.ts";
import { HistoryPopover } from "./components/history-popover.tsx";
import { MemorySuggestions } from "./components/memory-suggestions.tsx";
import { WritingAssistant } from "./components/writing-assistant.tsx";
import { applyCell } from "./key-cache.ts";

/**
 * The strings' API and key-list cache of this feature, for the shared cell editor. Pages give it to
 * CellServicesProvider around the Overview and around a review (the reviews feature does not import
 * this one). One module-level object, because its hooks must stay the same from render to render.
 */
export const TRANSLATION_CELL_SERVICES: CellServices = {
  useSaveString,
  conflictOf: stringConflictOf,
  applyCell,
  useTranslateString,
  HistoryPopover,
  MemorySuggestions,
  WritingAssistant,
};
