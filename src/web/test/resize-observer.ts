import { beforeEach, vi } from "vitest";

/**
 * The ResizeObserver jsdom lacks: Radix measures its switches, checkboxes, menus and poppers, and
 * jsdom has no layout. The stub goes with the file's `vi.unstubAllGlobals()`, or before the next
 * file (src/web/test-setup.ts).
 */
export function fakeResizeObserver() {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** The fake ResizeObserver before each test of the calling file. */
export function stubResizeObserver() {
  beforeEach(fakeResizeObserver);
}
