/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === "23505";
}

/**
 * SQLSTATEs of a server that is gone, going or not yet back, rather than of a query that is wrong:
 * class 08 (connection exception), 57P01–57P03 (shut down by an administrator or a crash, not
 * accepting connections yet), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** Socket errors of `pg` when the server's address does not answer. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * Whether a failure means "the database is not reachable now" (worth a 503 and a retry) rather than
 * a bug. Read from the error's class and code, never its text: messages change between driver
 * versions and languages (lc_messages), codes do not.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== "object" || error === null) return false;
  const code = codeOf(error);
  if (typeof code === "string") {
    if (code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) {
      return true;
    }
  }
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return error instanceof Error && isDatabaseUnavailable(error.cause, depth + 1);
}
