import { describe, expect, it } from "vitest";
import { pseudoLocalize } from "./pseudo-provider.ts";

describe("pseudo-localization (issue 34)", () => {
  it("accents the words and leaves markup, placeholders, URLs and entities as written", () => {
    const source =
      'Click <b>here</b> or <a href="https://example.com/a?b=1">there</a> for {count} files &amp; %1$s, see https://sprog.example/docs.';
    const pseudo = pseudoLocalize(source);
    for (const kept of [
      "<b>",
      "</b>",
      '<a href="https://example.com/a?b=1">',
      "</a>",
      "{count}",
      "&amp;",
      "%1$s",
      "https://sprog.example/docs",
    ]) {
      expect(pseudo, kept).toContain(kept);
    }
    expect(pseudo).toContain("Çĺíçķ");
    expect(pseudo).toMatch(/^\[.* ~+\]$/);
  });
});
