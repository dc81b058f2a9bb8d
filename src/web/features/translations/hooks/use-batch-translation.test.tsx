import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BatchJob } from "../../../../shared/schemas/batch.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { useBatchTranslation } from "./use-batch-translation.ts";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const JOB: BatchJob = {
  id: "b1",
  projectId: "p1",
  sourceLanguage: "en",
  targetLanguage: "de",
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function setup(cancelAnswer: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (url === "/api/projects/p1/batch-translations" && method === "GET") return json({ jobs: [JOB] });
      if (url === "/api/batch-translations/b1" && method === "DELETE") return cancelAnswer();
      return json({ error: { code: "not_found", message: "not in this test" } }, 404);
    }),
  );
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
  vi.unstubAllGlobals();
});

describe("useBatchTranslation: cancelling", () => {
  it("says 'Failed to cancel batch translation: {message}' with the server's message when the cancel fails", async () => {
    const { result } = setup(() =>
      json({ error: { code: "conflict", message: "The job has already finished" } }, 409),
    );
    await waitFor(() => expect(result.current.jobFor("de")).toBeDefined());
    act(() => result.current.cancel("de"));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Failed to cancel batch translation: The job has already finished",
      ),
    );
  });

  it("names the HTTP status text when the server sent no message", async () => {
    const { result } = setup(() => new Response("", { status: 502, statusText: "Bad Gateway" }));
    await waitFor(() => expect(result.current.jobFor("de")).toBeDefined());
    act(() => result.current.cancel("de"));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to cancel batch translation: Bad Gateway"),
    );
  });
});
