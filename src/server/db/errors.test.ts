import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors.ts";

const withCode = (code: string, message = "some driver text") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["ECONNREFUSED", "nothing listens on the server's port"],
    ["ECONNRESET", "the connection was cut"],
    ["57P01", "the server shuts down (admin_shutdown)"],
    ["57P03", "the server is starting or stopping (cannot_connect_now)"],
    ["08006", "connection_failure"],
    ["08001", "sqlclient_unable_to_establish_sqlconnection"],
    ["53300", "too_many_connections"],
  ])("is true for %s (%s)", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it("looks inside an AggregateError and a cause", () => {
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")], "connect failed"))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: withCode("57P01") }))).toBe(true);
  });

  it("is false for a query that is wrong rather than a server that is away", () => {
    expect(isDatabaseUnavailable(withCode("23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("42P01"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("22P02"))).toBe(false);
  });

  it("never reads the message: an outage's words without its code are not one", () => {
    expect(isDatabaseUnavailable(new Error("the database is closed"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("connect ECONNREFUSED 127.0.0.1:5432"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  it("reads the SQLSTATE", () => {
    expect(isUniqueViolation(withCode("23505"))).toBe(true);
    expect(isUniqueViolation(withCode("23503"))).toBe(false);
  });
});
