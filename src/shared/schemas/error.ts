import { z } from "zod";

export const errorCodeSchema = z.enum([
  "bad_request",
  "validation_failed",
  "invalid_code",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "rate_limited",
  "upstream_failed",
  "unavailable",
  "internal",
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The HTTP status of each error code: the server answers with it, the web reads a bare status by it. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  invalid_code: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;

/**
 * The code of an answer that came without our error body (a proxy's page, a cut connection): the
 * first code of that status (400 is a bad request), else internal.
 */
export function errorCodeOfStatus(status: number): ErrorCode {
  return errorCodeSchema.options.find((code) => ERROR_STATUS[code] === status) ?? "internal";
}

/** The one error shape every API answer uses. */
export const errorBodySchema = z.object({
  error: z.object({ code: errorCodeSchema, message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
