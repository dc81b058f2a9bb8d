import { describe, expect, it } from "vitest";
import { exportStep } from "./export-steps.ts";

describe("exportStep", () => {
  it("walks the spec's steps on their timings while the server works", () => {
    expect(exportStep(0, false, false)).toEqual({ label: "Gathering translations", percent: 0 });
    expect(exportStep(2500, false, false)).toEqual({ label: "Processing files", percent: 25 });
    expect(exportStep(4500, false, false)).toEqual({ label: "Creating ZIP file", percent: 50 });
    expect(exportStep(60_000, false, false)).toEqual({ label: "Creating ZIP file", percent: 50 });
  });

  it("goes to Downloading and Complete as soon as the answer is in", () => {
    expect(exportStep(100, true, false)).toEqual({ label: "Downloading", percent: 75 });
    expect(exportStep(100, true, true)).toEqual({ label: "Complete", percent: 100 });
  });
});
