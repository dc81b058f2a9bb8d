import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProjectEvent } from "../../../../shared/events.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { useDashboardRefresh } from "./use-dashboard-refresh.ts";

const edited = { type: "string.updated", data: {} } as ProjectEvent;
const logged = { type: "activity.created", data: {} } as ProjectEvent;
const other = { type: "comment.created", data: {} } as unknown as ProjectEvent;

describe("useDashboardRefresh", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refetches the dashboard on string work at most once per 10 s, the last burst too", () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries").mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useDashboardRefresh("p1"), { wrapper });
    result.current(other);
    expect(invalidate).not.toHaveBeenCalled();
    result.current(edited);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.projectDashboard("p1") });
    result.current(logged);
    result.current(edited);
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(invalidate).toHaveBeenCalledTimes(2);
    result.current(edited);
    unmount();
    vi.advanceTimersByTime(20_000);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
