import { describe, expect, it } from "vitest";
import { uploadedJsonNested } from "./uploaded-shape.ts";

const file = (format: "json" | "csv", nested: boolean | null, uploadedAt: string) => ({
  format,
  nested,
  uploadedAt,
});

describe("uploadedJsonNested", () => {
  it("follows the newest uploaded JSON file", () => {
    expect(
      uploadedJsonNested([
        file("json", false, "2026-03-01T10:00:00.000Z"),
        file("json", true, "2026-03-02T10:00:00.000Z"),
        file("csv", null, "2026-03-03T10:00:00.000Z"),
      ]),
    ).toBe(true);
    expect(
      uploadedJsonNested([
        file("json", true, "2026-03-01T10:00:00.000Z"),
        file("json", false, "2026-03-02T10:00:00.000Z"),
      ]),
    ).toBe(false);
  });

  it("has no opinion without a JSON upload, or before the list is known", () => {
    expect(uploadedJsonNested([file("csv", null, "2026-03-03T10:00:00.000Z")])).toBeUndefined();
    expect(uploadedJsonNested([])).toBeUndefined();
    expect(uploadedJsonNested(undefined)).toBeUndefined();
  });
});
