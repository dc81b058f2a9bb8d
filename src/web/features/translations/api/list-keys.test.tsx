import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi } from "../../../test/mock-api.ts";
import { PAGE_SIZE, useKeys } from "./list-keys.ts";

/** A project of 450 keys behind a fake API that pages like the server (by name, `after`, `q`). */
const KEYS: KeyRow[] = Array.from({ length: 450 }, (_, i) => ({
  id: `id-${i}`,
  key: `k${String(i).padStart(4, "0")}`,
  createdAt: "2026-01-01T00:00:00.000Z",
  strings: { en: { value: i === 420 ? "needle" : "hay", version: 1, updatedAt: "" } },
}));

function stubServer() {
  const calls = mockApi({
    keys: {
      list: ({ query = {} }) => {
        const limit = Number(query.limit);
        const { after, q } = query;
        const matching = KEYS.filter(
          (row) =>
            (after === undefined || row.key > after) &&
            (q === undefined || row.strings.en?.value.includes(q)),
        );
        const keys = matching.slice(0, limit);
        const next = keys.length === limit ? (keys.at(-1)?.key ?? null) : null;
        return { keys, next };
      },
    },
  });
  /** The query of each page asked for. */
  const asked = () => inputsOf(calls, "keys.list").map((input) => input.query);
  return { asked };
}

function renderKeys(search = "") {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ q }) => useKeys("p1", ["en"], q), { wrapper, initialProps: { q: search } });
}

afterEach(() => {
  cleanup();
});

describe("useKeys: the Overview's pages (issue 18)", () => {
  it("fetches the first page only, and each next page only when asked", async () => {
    const { asked } = stubServer();
    const { result } = renderKeys();
    await waitFor(() => expect(result.current.data?.rows).toHaveLength(PAGE_SIZE));
    // Later pages used to follow by themselves after 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked()).toEqual([{ limit: PAGE_SIZE, languages: "en" }]);
    expect(result.current.data?.complete).toBe(false);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.data?.rows).toHaveLength(2 * PAGE_SIZE));
    expect(asked().at(-1)).toEqual({ limit: PAGE_SIZE, languages: "en", after: "k0199" });

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.data?.complete).toBe(true));
    expect(result.current.data?.rows).toHaveLength(450);
    expect(result.current.canLoadMore).toBe(false);
    act(() => result.current.loadMore());
    expect(asked()).toHaveLength(3);
  });

  it("sends the search to the server and pages its answers the same way", async () => {
    const { asked } = stubServer();
    const { result, rerender } = renderKeys();
    await waitFor(() => expect(result.current.data?.rows).toHaveLength(PAGE_SIZE));
    rerender({ q: "needle" });
    await waitFor(() => expect(result.current.data?.rows.map((row) => row.key)).toEqual(["k0420"]));
    expect(asked().at(-1)).toEqual({ limit: PAGE_SIZE, languages: "en", q: "needle" });
    expect(result.current.data?.complete).toBe(true);
  });
});
