import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiRequest, apiRequestVoid, errorMessage } from "./api-client.ts";

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends JSON with same-origin credentials and validates the answer", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(200, { sent: true, resendAfterSeconds: 60 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const schema = z.object({ sent: z.literal(true), resendAfterSeconds: z.number() });

    const answer = await apiRequest("/api/auth/code", schema, { method: "POST", body: { email: "a@b.co" } });

    expect(answer).toEqual({ sent: true, resendAfterSeconds: 60 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/code");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.co" }));
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("turns the error shape into an ApiError with status, code and message", async () => {
    const message = "Please wait 42 seconds before requesting a new code.";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(429, { error: { code: "rate_limited", message } })),
    );

    const call = apiRequest("/api/auth/code", z.unknown(), { method: "POST", body: {} });

    await expect(call).rejects.toBeInstanceOf(ApiError);
    const error = await call.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, code: "rate_limited", message });
    expect(errorMessage(error, "Failed to sign in")).toBe(message);
  });

  it("falls back to a code from the status when the body is not the error shape", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 401 })),
    );

    const error = await apiRequest("/api/me", z.unknown()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "unauthorized" });
    expect(errorMessage(error, "Failed to sign in")).toBe("Failed to sign in");
  });

  it("rejects an answer that does not match the schema", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, { sent: "yes" })),
    );

    const error = await apiRequest("/api/auth/code", z.object({ sent: z.literal(true) })).catch(
      (caught: unknown) => caught,
    );

    expect(error).toMatchObject({ code: "invalid_response" });
    expect(errorMessage(error, "Failed to process request")).toBe("Failed to process request");
  });

  it("reports a network failure as an ApiError with the fallback message shown", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );

    const error = await apiRequestVoid("/api/auth/sign-out", { method: "POST" }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toMatchObject({ status: 0, code: "network_error" });
    expect(errorMessage(error, "Failed to sign in")).toBe("Failed to sign in");
  });

  it("accepts an empty 204 answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequestVoid("/api/auth/sign-out", { method: "POST" })).resolves.toBeUndefined();
  });
});
