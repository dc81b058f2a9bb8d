import { beforeEach, vi } from "vitest";

/**
 * Before each test of the calling file, the ResizeObserver jsdom lacks: Radix measures its
 * switches, checkboxes and menus, and jsdom has no layout. The stub goes with the file's
 * `vi.unstubAllGlobals()`, or before the next file (src/web/test-setup.ts).
 */
export function stubResizeObserver() {
  beforeEach(() => {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
}
