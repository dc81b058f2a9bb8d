import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, type Mock, vi } from "vitest";
import { stubResizeObserver } from "./resize-observer.ts";

/**
 * Each test of the calling file starts with no toast seen (`watchToasts()`'s mocks), Radix's
 * ResizeObserver and an empty local storage, and leaves no page or stubbed global behind.
 */
export function resetBetweenTests(toast: Record<string, Mock>) {
  beforeEach(() => {
    for (const fn of Object.values(toast)) fn.mockReset();
  });
  stubResizeObserver();
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}
