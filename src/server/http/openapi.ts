import { resolver } from "hono-openapi";
import type { z } from "zod";
import { errorBodySchema } from "../../shared/schemas/error.ts";

const errorContent = { "application/json": { schema: resolver(errorBodySchema) } };

/** OpenAPI response entries, from the same zod schemas the routes validate with. */
export function ok(schema: z.ZodType, description = "OK") {
  return { description, content: { "application/json": { schema: resolver(schema) } } };
}

export const problems = {
  400: { description: "Bad input", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not allowed", content: errorContent },
  404: { description: "Not found", content: errorContent },
  429: { description: "Too many requests", content: errorContent },
} as const;
