import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useKeepRowMounted } from "./use-keep-row-mounted.ts";

const range = { startIndex: 10, endIndex: 12, overscan: 1, count: 100 };

describe("useKeepRowMounted", () => {
  it("adds the kept row to the rendered range, in order, when it is scrolled away", () => {
    const above = renderHook(() => useKeepRowMounted(3)).result.current;
    expect(above(range)).toEqual([3, 9, 10, 11, 12, 13]);
    const below = renderHook(() => useKeepRowMounted(50)).result.current;
    expect(below(range)).toEqual([9, 10, 11, 12, 13, 50]);
  });

  it("leaves the range alone when the row is in view or there is none", () => {
    expect(renderHook(() => useKeepRowMounted(11)).result.current(range)).toEqual([9, 10, 11, 12, 13]);
    expect(renderHook(() => useKeepRowMounted(-1)).result.current(range)).toEqual([9, 10, 11, 12, 13]);
  });
});
