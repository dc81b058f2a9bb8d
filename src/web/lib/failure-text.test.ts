import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { failureText } from "./failure-text.ts";

describe("failureText", () => {
  it("gives the catalogue text for a server fault, a lost connection or anything else", () => {
    expect(failureText(new ApiError(500, "internal", "pool exhausted", true), "Failed to add key")).toBe(
      "Failed to add key",
    );
    expect(failureText(new ApiError(0, "network_error", "Could not reach"), "Failed to add key")).toBe(
      "Failed to add key",
    );
    expect(failureText(new Error("boom"), "Failed to add key")).toBe("Failed to add key");
  });

  it("keeps the server's own words when it refused the input", () => {
    expect(failureText(new ApiError(409, "conflict", "The key exists", true), "Failed to add key")).toBe(
      "The key exists",
    );
    expect(failureText(new ApiError(400, "bad_request", "Bad Request"), "Failed to add key")).toBe(
      "Failed to add key",
    );
  });
});
