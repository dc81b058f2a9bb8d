import { describe, expect, it } from "vitest";
import type { BatchJob } from "../../../shared/schemas/batch.ts";
import { batchEndNotice, batchPhase } from "./batch-state.ts";

const job = (patch: Partial<BatchJob>): BatchJob => ({
  id: "b1",
  projectId: "p1",
  sourceLanguage: "en",
  targetLanguage: "de",
  branchId: null,
  status: "processing",
  progressPercentage: 0,
  completedItems: 0,
  failedItems: 0,
  skippedItems: 0,
  totalItems: 120,
  errorMessage: null,
  createdAt: "2026-11-22T00:00:00.000Z",
  updatedAt: "2026-11-22T00:00:00.000Z",
  ...patch,
});
const completion = (missingKeys: number, pseudoKeys = 0) => ({
  code: "de",
  isComplete: missingKeys === 0 && pseudoKeys === 0,
  missingKeys,
  translatedKeys: 10,
  totalKeys: 10 + missingKeys + pseudoKeys,
  unverifiedKeys: 0,
  pseudoKeys,
});

describe("batchPhase", () => {
  it("is idle with the missing count, or complete when nothing is missing", () => {
    expect(batchPhase(undefined, false, completion(7))).toEqual({ phase: "idle", missing: 7, pseudo: 0 });
    expect(batchPhase(undefined, false, completion(0))).toEqual({ phase: "complete" });
  });

  it("is never complete while pseudo-localized strings remain (issue 19)", () => {
    expect(batchPhase(undefined, false, completion(0, 4))).toEqual({ phase: "idle", missing: 0, pseudo: 4 });
    expect(batchPhase(undefined, false, completion(2, 4))).toEqual({ phase: "idle", missing: 2, pseudo: 4 });
  });

  it("is preparing while the start request runs and while the job is pending", () => {
    expect(batchPhase(undefined, true, completion(7))).toEqual({ phase: "preparing" });
    expect(batchPhase(job({ status: "pending" }), false, completion(7))).toEqual({ phase: "preparing" });
  });

  it("counts translated, failed and skipped keys as done while translating", () => {
    expect(
      batchPhase(job({ completedItems: 50, failedItems: 2, skippedItems: 1 }), false, completion(7)),
    ).toEqual({ phase: "translating", done: 53, total: 120 });
  });

  it("leaves an ended job to the completion counts", () => {
    expect(batchPhase(job({ status: "cancelled" }), false, completion(3))).toEqual({
      phase: "idle",
      missing: 3,
      pseudo: 0,
    });
  });
});

describe("batchEndNotice", () => {
  it("reports successful and failed counts on completion", () => {
    expect(
      batchEndNotice(job({ status: "completed", completedItems: 118, failedItems: 2 }), "German"),
    ).toEqual({
      kind: "info",
      text: "German translation complete: 118 translated, 2 failed",
    });
    expect(batchEndNotice(job({ status: "completed", completedItems: 120 }), "German")).toEqual({
      kind: "success",
      text: "German translation complete: 120 translated",
    });
  });

  it("says pseudo-localized, not translated, when no AI service did it, as the bar does (issue 34)", () => {
    expect(batchEndNotice(job({ status: "completed", completedItems: 8 }), "French", true)).toEqual({
      kind: "info",
      text: "French pseudo-localization complete: 8 pseudo-localized, not translated (no AI service is set up)",
    });
  });

  it("says why keys failed when the job knows (the team's AI token limit)", () => {
    const limit = "Your team has used its 1,000 AI tokens for November.";
    expect(
      batchEndNotice(
        job({ status: "completed", completedItems: 50, failedItems: 70, errorMessage: limit }),
        "German",
      )?.text,
    ).toBe(`German translation complete: 50 translated, 70 failed (${limit})`);
  });

  it("uses the spec's texts for failure and cancel", () => {
    expect(
      batchEndNotice(job({ status: "failed", errorMessage: "API request failed: 500" }), "German")?.text,
    ).toBe("German translation failed: API request failed: 500");
    expect(batchEndNotice(job({ status: "failed" }), "German")?.text).toBe(
      "German translation failed: Translation failed",
    );
    expect(batchEndNotice(job({ status: "cancelled" }), "German")?.text).toBe("German translation cancelled");
    expect(batchEndNotice(job({ status: "processing" }), "German")).toBeUndefined();
  });
});
