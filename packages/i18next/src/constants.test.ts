// @vitest-environment node
import { describe, expect, it } from "vitest";
import { inContextContract } from "../../../src/shared/contract/in-context.ts";
import {
  IN_CONTEXT_CONNECT_PATH as SERVER_CONNECT_PATH,
  IN_CONTEXT_KEYS_MAX as SERVER_KEYS_MAX,
  IN_CONTEXT_MESSAGE_TYPE as SERVER_MESSAGE_TYPE,
  IN_CONTEXT_TOKEN_PREFIX as SERVER_TOKEN_PREFIX,
} from "../../../src/shared/schemas/in-context.ts";
import {
  releaseFileName,
  DEFAULT_ENVIRONMENT as SERVER_DEFAULT_ENVIRONMENT,
  OTA_PREFIX as SERVER_OTA_PREFIX,
  manifestPath as serverManifestPath,
} from "../../../src/shared/schemas/releases.ts";
import {
  DEFAULT_ENVIRONMENT,
  IN_CONTEXT_API,
  IN_CONTEXT_CONNECT_PATH,
  IN_CONTEXT_KEYS_MAX,
  IN_CONTEXT_MESSAGE_TYPE,
  IN_CONTEXT_TOKEN_PREFIX,
  manifestPath,
  OTA_PREFIX,
} from "./constants.ts";

// The package is published alone and carries copies: these keep them equal to the server's.
describe("the SDK's copies of the server's constants", () => {
  it("reads releases where the server serves them", () => {
    expect(OTA_PREFIX).toBe(SERVER_OTA_PREFIX);
    expect(DEFAULT_ENVIRONMENT).toBe(SERVER_DEFAULT_ENVIRONMENT);
    const distribution = "0123456789abcdef0123456789abcdef";
    expect(manifestPath(distribution, "beta-2")).toBe(serverManifestPath(distribution, "beta-2"));
    // A manifest's file path is relative to /ota/{distribution}/, which the backend resolves it against.
    expect(releaseFileName("ab".repeat(16))).toBe(`files/${"ab".repeat(16)}.json`);
  });

  it("signs in and edits as the server expects", () => {
    expect(IN_CONTEXT_CONNECT_PATH).toBe(SERVER_CONNECT_PATH);
    expect(IN_CONTEXT_MESSAGE_TYPE).toBe(SERVER_MESSAGE_TYPE);
    expect(IN_CONTEXT_TOKEN_PREFIX).toBe(SERVER_TOKEN_PREFIX);
    expect(IN_CONTEXT_KEYS_MAX).toBe(SERVER_KEYS_MAX);
  });

  it("calls the in-context routes of the contract (mounted under /api)", () => {
    expect(`/api${inContextContract.keys["~orpc"].route.path}`).toBe(`${IN_CONTEXT_API}/keys`);
    expect(`/api${inContextContract.save["~orpc"].route.path}`).toBe(
      `${IN_CONTEXT_API}/keys/{keyId}/strings/{lang}`,
    );
    expect(inContextContract.save["~orpc"].route.method).toBe("PUT");
    expect(`/api${inContextContract.screenshot["~orpc"].route.path}`).toBe(
      `${IN_CONTEXT_API}/keys/{keyId}/screenshots`,
    );
    expect(inContextContract.screenshot["~orpc"].route.method).toBe("POST");
  });
});
