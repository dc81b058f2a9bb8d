import { describe, expect, it } from "vitest";
import { characterCount, monthOf, tokenLimitMessage } from "./ai-usage.ts";

describe("AI usage months and the limit's message", () => {
  it("takes the calendar month in UTC, whatever the hour", () => {
    expect(monthOf(new Date("2026-11-30T23:59:59Z"))).toMatchObject({
      start: "2026-11-01",
      name: "November",
      nextName: "December",
    });
    expect(monthOf(new Date("2026-12-01T00:00:00Z")).start).toBe("2026-12-01");
    const december = monthOf(new Date("2026-12-15T12:00:00Z"));
    expect(december.next.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(december.nextName).toBe("January");
  });

  it("says what was used, when AI comes back and who can raise the limit", () => {
    expect(tokenLimitMessage(1_000_000, new Date("2026-11-26T05:00:00Z"))).toBe(
      "Your team has used its 1,000,000 AI tokens for November. AI translation is available again on " +
        "1 December, or ask the server's administrator to raise AI_MONTHLY_TOKEN_LIMIT.",
    );
  });

  it("counts characters as a person does (an emoji is one)", () => {
    expect(characterCount("Grüße 👋")).toBe(7);
    expect(characterCount("")).toBe(0);
  });
});
