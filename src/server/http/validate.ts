import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { validator } from "hono-openapi";
import type { z } from "zod";
import { AppError } from "../errors.ts";

const NUL_MESSAGE = "Text must not contain NUL characters";

/**
 * PostgreSQL cannot store U+0000 in text (nor in jsonb): a NUL that reached a query would fail
 * it with an error the API cannot explain. Refused at the edge, for every field at once.
 */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || hasNul(item, depth + 1));
}

/**
 * Validates a JSON body at the edge. The first problem becomes the message, so a form that
 * skipped client validation still shows the spec's text (e.g. 'Team name is required').
 */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return validator("json", schema, (result) => {
    // The raw body, before zod: a NUL is named as such, not as some field's other rule.
    if (hasNul(result.data)) throw new AppError("validation_failed", NUL_MESSAGE);
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
    if (hasNul(result.data)) throw new AppError("validation_failed", NUL_MESSAGE);
    if (!result.success) throw new AppError("validation_failed", result.error[0]?.message ?? "Invalid query");
  });
}

/**
 * Validates a multipart body at the edge. A body that is not form data at all (or is cut off)
 * gets the message the schema gives an empty form, e.g. 'Missing data or language selection'.
 */
export function formBody<S extends z.ZodType>(schema: S): MiddlewareHandler {
  const emptyFormMessage = schema.safeParse({}).error?.issues[0]?.message ?? "Invalid form data";
  const validate = validator("form", schema, (result) => {
    if (hasNul(result.data)) throw new AppError("validation_failed", NUL_MESSAGE);
    if (!result.success)
      throw new AppError("validation_failed", result.error[0]?.message ?? emptyFormMessage);
  });
  return async (c, next) => {
    try {
      return await validate(c, next);
    } catch (error) {
      if (error instanceof HTTPException && error.status === 400) {
        throw new AppError("validation_failed", emptyFormMessage);
      }
      throw error;
    }
  };
}
