import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { validator } from "hono-openapi";
import type { z } from "zod";
import { AppError } from "../errors.ts";

/** A lone UTF-16 surrogate: half of a character, which UTF-8 (so PostgreSQL's text) cannot hold. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What one text must not hold, whatever the field or file: PostgreSQL cannot store U+0000 in text
 * or jsonb, and a lone surrogate (`"\ud800"` in JSON) fails a jsonb column ("invalid input syntax")
 * and turns into U+FFFD in a text column, so the same input was a 500 in one field and silently
 * changed in another. Both are refused, naming the field (or the file's key).
 */
export function textFault(text: string): { what: string; problem: string } | undefined {
  if (text.includes("\u0000")) {
    return { what: "a NUL character", problem: "Text must not contain NUL characters" };
  }
  const lone = LONE_SURROGATE.exec(text)?.[0];
  if (lone === undefined) return undefined;
  const code = `U+${lone.charCodeAt(0).toString(16).toUpperCase()}`;
  return {
    what: `half of a character (the lone surrogate ${code})`,
    problem: `Text must not contain half of a character (the lone surrogate ${code}); check the text's encoding`,
  };
}

type TextFault = NonNullable<ReturnType<typeof textFault>>;

/** The first text in a parsed JSON value (names too) that has a `textFault`, and its field's path. */
export function textFaultIn(
  value: unknown,
  path: readonly (string | number)[] = [],
): { path: readonly (string | number)[]; fault: TextFault } | undefined {
  if (typeof value === "string") {
    const fault = textFault(value);
    return fault && { path, fault };
  }
  if (path.length > 64 || value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const nameFault = typeof key === "string" ? textFault(key) : undefined;
    if (nameFault) return { path, fault: nameFault };
    const found = textFaultIn(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** 400 naming the field of the first text with a `textFault`: what every edge refuses. */
export function refuseBadText(value: unknown): void {
  const found = textFaultIn(value);
  if (!found) return;
  const field = found.path.join(".");
  throw new AppError("validation_failed", field ? `${field}: ${found.fault.problem}` : found.fault.problem);
}

/**
 * Validates a JSON body at the edge. The first problem becomes the message, so a form that
 * skipped client validation still shows the spec's text (e.g. 'Team name is required').
 */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return validator("json", schema, (result) => {
    // The raw body, before zod: a NUL is named as such, not as some field's other rule.
    refuseBadText(result.data);
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
    refuseBadText(result.data);
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
    refuseBadText(result.data);
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

/**
 * A JSON body a route reads as text, whatever its Content-Type says (CI scripts post with
 * `curl -d`, which labels it form data): an empty body is `{}`, and `textFault` and the schema's
 * first problem are those of `jsonBody`.
 */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  let data: unknown = {};
  if (text.trim() !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      throw new AppError("bad_request", "Malformed JSON in request body");
    }
  }
  refuseBadText(data);
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new AppError("validation_failed", result.error.issues[0]?.message ?? "Invalid request body");
  }
  return result.data;
}
