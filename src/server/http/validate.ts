import { validator } from "hono-openapi";
import type { z } from "zod";
import { AppError } from "../errors.ts";

/**
 * Validates a JSON body at the edge. The first problem becomes the message, so a form that
 * skipped client validation still shows the spec's text (e.g. 'Team name is required').
 */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return validator("json", schema, (result) => {
    if (!result.success) {
      const issue = result.error[0];
      const path = issue?.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".");
      const message = issue?.message ?? "Invalid request body";
      throw new AppError(
        "validation_failed",
        issue?.message && path && message.startsWith("Invalid") ? `${path}: ${message}` : message,
      );
    }
  });
}

/** Validates the query string at the edge, with the same error as a bad body. */
export function queryParams<S extends z.ZodType>(schema: S) {
  return validator("query", schema, (result) => {
    if (!result.success) throw new AppError("validation_failed", result.error[0]?.message ?? "Invalid query");
  });
}
