import { describe, expect, it } from "vitest";
import { exportStep, nextStepAt } from "./export-steps.ts";

const label = (elapsed: number, answeredAt: number | null) => {
  const step = exportStep(elapsed, answeredAt);
  return `${step.label} ${step.percent}%`;
};

describe("exportStep", () => {
  it("walks the spec's steps on their timings, 25 % each, when the server is quick", () => {
    expect(label(0, 300)).toBe("Gathering translations 0%");
    expect(label(1999, 300)).toBe("Gathering translations 0%");
    expect(label(2000, 300)).toBe("Processing files 25%");
    expect(label(4000, 300)).toBe("Creating ZIP file 50%");
    expect(label(5000, 300)).toBe("Downloading 75%");
    expect(label(5999, 300)).toBe("Downloading 75%");
    expect(label(6000, 300)).toBe("Complete 100%");
  });

  it("holds 'Creating ZIP file' while the server still works, then downloads for a second", () => {
    expect(label(4500, null)).toBe("Creating ZIP file 50%");
    expect(label(60_000, null)).toBe("Creating ZIP file 50%");
    expect(label(9000, 9000)).toBe("Downloading 75%");
    expect(label(9999, 9000)).toBe("Downloading 75%");
    expect(label(10_000, 9000)).toBe("Complete 100%");
  });

  it("keeps the first steps on their timings even when the answer is already in", () => {
    expect(label(2500, 100)).toBe("Processing files 25%");
  });
});

describe("nextStepAt", () => {
  it("names the next change, or none while waiting for the server or when complete", () => {
    expect(nextStepAt(0, null)).toBe(2000);
    expect(nextStepAt(2000, null)).toBe(4000);
    expect(nextStepAt(4000, null)).toBeNull();
    expect(nextStepAt(4000, 300)).toBe(5000);
    expect(nextStepAt(5000, 300)).toBe(6000);
    expect(nextStepAt(7000, 7000)).toBe(8000);
    expect(nextStepAt(6000, 300)).toBeNull();
  });
});
