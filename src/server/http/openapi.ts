import { resolver } from "hono-openapi";
import type { z } from "zod";
import { errorBodySchema } from "../../shared/schemas/error.ts";

const errorContent = { "application/json": { schema: resolver(errorBodySchema) } };

/** OpenAPI response entries, from the same zod schemas the routes validate with. */
export function ok(schema: z.ZodType, description = "OK") {
  return { description, content: { "application/json": { schema: resolver(schema) } } };
}

/** An error answer in the API's one error shape. */
export function problem(description: string) {
  return { description, content: errorContent };
}

export const problems = {
  400: problem("Bad input"),
  401: problem("Not signed in"),
  403: problem("Not allowed"),
  404: problem("Not found"),
  429: problem("Too many requests"),
} as const;
