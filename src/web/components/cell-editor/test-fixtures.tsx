import type { GlossaryEntry } from "../../../shared/glossary/match.ts";
import type { CellServices } from "./cell-services.tsx";

const EMPTY: readonly GlossaryEntry[] = [];

const unavailable = () => Promise.reject(new Error("This test gives the cell editor no strings API"));

/**
 * Cell services for component tests that do not save strings: without a page there is no
 * translations feature to give them, and a test of a cell or a review table should not need one.
 * Saves fail, nothing is cached, and the history, memory and assistant slots render nothing.
 */
export const INERT_CELL_SERVICES: CellServices = {
  useSaveString: () => ({ mutateAsync: unavailable }),
  conflictOf: () => undefined,
  applyCell: () => false,
  useTranslateString: () => ({
    isPending: false,
    mutate: (_input, { onError }) => onError(new Error("This test gives the cell editor no AI")),
  }),
  HistoryPopover: () => null,
  MemorySuggestions: () => null,
  WritingAssistant: () => null,
  CommentsButton: () => null,
  GlossaryText: ({ text }) => text,
  useGlossaryEntries: () => EMPTY,
};
