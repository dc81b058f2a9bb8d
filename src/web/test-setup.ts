import { cleanup } from "@testing-library/react";
import { vi } from "vitest";

/**
 * Run before each web test file. Files without module mocks share a worker's jsdom and modules
 * (vitest.config.ts), so each starts from what a fresh page would be: nothing mounted, an empty
 * document and storage, the app's first address, real timers, and no stub or spy another file left.
 * A file of plain functions (`@vitest-environment node`) has no page to reset.
 */
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
if (typeof document !== "undefined") {
  cleanup();
  document.body.innerHTML = "";
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  document.title = "";
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
}
