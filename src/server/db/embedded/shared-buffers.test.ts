import { describe, expect, it } from "vitest";
import { sharedBuffersMb } from "./embedded-server.ts";

const GB = 1024 * 1024 * 1024;

describe("the embedded server's page cache", () => {
  it("is an eighth of the machine's memory, never below PostgreSQL's 128 MB nor above 512 MB", () => {
    expect(sharedBuffersMb(0.5 * GB)).toBe(128);
    expect(sharedBuffersMb(2 * GB)).toBe(256);
    expect(sharedBuffersMb(3 * GB)).toBe(384);
    expect(sharedBuffersMb(24 * GB)).toBe(512);
  });
});
