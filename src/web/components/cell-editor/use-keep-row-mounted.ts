import { defaultRangeExtractor, type Range } from "@tanstack/react-virtual";
import { useCallback } from "react";

/**
 * A range extractor for a virtualized table that keeps one row (the open cell editor's) rendered
 * when it scrolls out of view, so its draft and focus survive the scroll.
 */
export function useKeepRowMounted(index: number): (range: Range) => number[] {
  return useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (index >= 0 && !indexes.includes(index)) {
        indexes.push(index);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [index],
  );
}
