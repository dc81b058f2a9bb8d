import { describe, expect, it } from "vitest";
import { exactTime, relativeTime } from "./time-text.ts";

describe("relativeTime", () => {
  const now = Date.parse("2026-01-10T12:00:00Z");
  it("says how long ago in words", () => {
    expect(relativeTime("2026-01-10T11:59:50Z", now)).toBe("just now");
    expect(relativeTime("2026-01-10T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-01-10T09:00:00Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-01-09T12:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2025-12-01T12:00:00Z", now)).toBe("Dec 1, 2025");
  });
});

describe("exactTime", () => {
  it("writes the day, date and time in full, and leaves what is not a time as it is", () => {
    expect(exactTime("2026-01-10T12:00:00Z")).toMatch(/^Saturday, January 10, 2026 at \d{1,2}:\d\d [AP]M$/);
    expect(exactTime("soon")).toBe("soon");
  });
});
