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

/** The one error shape every API answer uses. */
export const errorBodySchema = z.object({
  error: z.object({ code: errorCodeSchema, message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
