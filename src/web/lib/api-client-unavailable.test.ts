import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiRequest } from "./api-client.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a 503", () => {
  it("is 'unavailable' even when a proxy answers it without our error shape", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Service Unavailable</html>", { status: 503 })),
    );

    const error = await apiRequest("/api/teams", z.unknown()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: "unavailable" });
  });

  it("keeps the server's code and message when it has our error shape", async () => {
    const message = "The database is not reachable right now. Please try again in a moment.";
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "unavailable", message } }), {
            status: 503,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );

    const error = await apiRequest("/api/teams", z.unknown()).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 503, code: "unavailable", message });
  });
});
