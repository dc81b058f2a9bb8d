import { createContext, useContext, useMemo, useRef } from "react";
import type { Cell, KeyRow } from "../../../shared/schemas/keys.ts";

/** A cell to open in the editor: its key and language, and the value it has now. */
export interface CellTarget {
  keyId: string;
  language: string;
  cell: Cell | undefined;
}

/**
 * Where Tab / Shift+Tab in an open editor go on to: the table knows the order of its keys, the shared
 * cell does not. A table without a provider keeps today's behaviour: Tab saves and stays.
 */
export interface CellNavigation {
  /** The same language's cell of the next (1) or previous (-1) editable key, or null past either end. */
  neighbour(keyId: string, language: string, step: 1 | -1): CellTarget | null;
}

const CellNavigationContext = createContext<CellNavigation | null>(null);

export const CellNavigationProvider = CellNavigationContext.Provider;

export function useCellNavigation(): CellNavigation | null {
  return useContext(CellNavigationContext);
}

export type NavigableKey = Pick<KeyRow, "id" | "strings" | "valueType">;

/**
 * Navigation over a table's rows in display order; `keyOf` answers a row's key, undefined for rows
 * that hold none (group headers), which are skipped. The answer is one object for the table's life
 * that reads the newest rows when asked: it is asked once a save has come back, when the list may
 * have changed, and the cells under its provider need not re-render whenever the list does.
 */
export function useListNavigation<Row>(
  rows: readonly Row[],
  keyOf: (row: Row) => NavigableKey | undefined,
): CellNavigation {
  const latest = useRef({ rows, keyOf });
  latest.current = { rows, keyOf };
  return useMemo(
    () => ({
      neighbour(keyId, language, step) {
        const { rows: list, keyOf: keyAt } = latest.current;
        const at = list.findIndex((row) => keyAt(row)?.id === keyId);
        if (at < 0) return null;
        for (let index = at + step; index >= 0 && index < list.length; index += step) {
          const key = keyAt(list[index] as Row);
          // A list or number from a file is read-only (issue 15): there is nothing to type there.
          if (key && key.valueType !== "json") {
            return { keyId: key.id, language, cell: key.strings[language] };
          }
        }
        return null;
      },
    }),
    [],
  );
}
