import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BatchJob } from "../../../../shared/schemas/batch.ts";
import { BranchScope } from "../../../lib/branch-context.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiError, failure, mockApi, refusal } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { useBatchTranslation } from "./use-batch-translation.ts";

const toast = watchToasts();

const JOB: BatchJob = {
  id: "b1",
  projectId: "p1",
  sourceLanguage: "en",
  targetLanguage: "de",
  branchId: null,
  status: "processing",
  progressPercentage: 10,
  completedItems: 5,
  failedItems: 0,
  skippedItems: 0,
  totalItems: 50,
  errorMessage: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:05.000Z",
};

/** Project p1 with JOB running; cancelling it is refused with `cancelRefusal`. */
function setup(cancelRefusal: ApiError) {
  const notInThisTest = () => refusal(404, "not_found", "not in this test");
  mockApi({
    batch: {
      active: ({ params }) => {
        if (params.projectId !== "p1") throw notInThisTest();
        return { jobs: [JOB] };
      },
      cancel: ({ params }) => {
        throw params.batchId === "b1" ? cancelRefusal : notInThisTest();
      },
    },
    ai: { status: () => Promise.reject(notInThisTest()) },
  });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBatchTranslation("p1"), { wrapper });
}

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
});
afterEach(() => {
  cleanup();
});

describe("useBatchTranslation: cancelling", () => {
  it("says 'Failed to cancel batch translation: {message}' with the server's message when the cancel fails", async () => {
    const { result } = setup(refusal(409, "conflict", "The job has already finished"));
    await waitFor(() => expect(result.current.jobFor("de")).toBeDefined());
    act(() => result.current.cancel("de"));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Failed to cancel batch translation: The job has already finished",
      ),
    );
  });

  it("names the HTTP status text when the server sent no message", async () => {
    const { result } = setup(failure(502, "Bad Gateway"));
    await waitFor(() => expect(result.current.jobFor("de")).toBeDefined());
    act(() => result.current.cancel("de"));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to cancel batch translation: Bad Gateway"),
    );
  });
});

describe("useBatchTranslation on a branch", () => {
  it("lists, starts and cancels the branch's batches: those calls carry the branch, the AI status does not", async () => {
    const started: BatchJob = { ...JOB, id: "b2", targetLanguage: "fr", status: "pending" };
    const calls = mockApi({
      batch: {
        active: (_input, { branch }) => ({ jobs: branch === "br1" ? [JOB] : [] }),
        start: () => started,
        cancel: () => ({ ...started, status: "cancelled" }),
      },
      ai: { status: () => ({ provider: "openai", model: "gpt-4o-mini", notice: null }) },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BranchScope branch={{ id: "br1", name: "feature/x" }}>{children}</BranchScope>
    );
    const { result } = renderHook(() => useBatchTranslation("p1"), { wrapper });
    await waitFor(() => expect(result.current.jobFor("de")).toMatchObject({ id: "b1" }));
    act(() => result.current.start("fr", 3));
    await waitFor(() => expect(result.current.jobFor("fr")).toMatchObject({ id: "b2" }));
    act(() => result.current.cancel("fr"));
    await waitFor(() => expect(calls.some((call) => call.procedure === "batch.cancel")).toBe(true));
    const branchOf = (procedure: string) =>
      calls.filter((call) => call.procedure === procedure).map((call) => call.branch);
    expect(branchOf("batch.active")[0]).toBe("br1");
    expect(branchOf("batch.start")).toEqual(["br1"]);
    expect(branchOf("batch.cancel")).toEqual(["br1"]);
    expect(branchOf("ai.status").every((branch) => branch === undefined)).toBe(true);
  });
});
