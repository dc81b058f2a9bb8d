import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scrollBehavior, scrollToSection } from "./scroll.ts";

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({ matches: reduce && query.includes("reduce"), media: query })),
  );
}

beforeEach(() => {
  document.body.innerHTML = '<section id="faq" tabindex="-1"></section>';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("section scrolling", () => {
  it("is smooth unless the visitor prefers reduced motion", () => {
    prefersReducedMotion(false);
    expect(scrollBehavior()).toBe("smooth");
    prefersReducedMotion(true);
    expect(scrollBehavior()).toBe("auto");
  });

  it("scrolls the section into view and moves focus to it", () => {
    const original = Element.prototype.scrollIntoView;
    const scrollIntoView = vi.fn();
    // jsdom does not lay out pages, so it has no scrollIntoView of its own.
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      expect(scrollToSection("faq", "smooth")).toBe(true);
      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
      expect(document.activeElement?.id).toBe("faq");
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it("answers false for an id that is not on the page", () => {
    expect(scrollToSection("nowhere", "auto")).toBe(false);
  });
});
