import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_STATUS, type ErrorCode } from "../shared/schemas/error.ts";

/** The one error type: a stable code the client reads, and a message a person can read. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code] as ContentfulStatusCode;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody() {
    return { error: { code: this.code, message: this.message } };
  }
}

export const errors = {
  unauthorized: () => new AppError("unauthorized", "User not authenticated"),
  notFound: (what: string) => new AppError("not_found", `${what} not found`),
  forbidden: () => new AppError("forbidden", "You do not have permission to do this"),
  /** A passing outage, not a bug: the client may try again (a restart, a failover). */
  databaseUnavailable: () =>
    new AppError("unavailable", "The database is not reachable right now. Please try again in a moment.", {
      retryAfterSeconds: 5,
    }),
};

/**
 * For `.catch` on the access check of the project or team a row belongs to: a "not found" names
 * the row, so another team's id answers exactly as an id of nothing does and tells the caller
 * nothing about what exists (issue 32). Other errors (403 for a member without the permission)
 * pass through.
 */
export const notFoundAs =
  (what: string) =>
  (error: unknown): never => {
    if (error instanceof AppError && error.code === "not_found") throw errors.notFound(what);
    throw error;
  };
