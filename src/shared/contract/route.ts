import { oc } from "@orpc/contract";

/**
 * Every endpoint's contract starts here. Inputs are "detailed": `{ params, query, body }`, each a
 * zod schema, so the server validates each part where HTTP carries it and the client knows where
 * to put each value. Paths are relative to /api and name parameters as `{name}`.
 */
export const endpoint = oc.$route({ inputStructure: "detailed" });

/** The errors an endpoint can answer, by status, with what they mean (for the API reference). */
export const errorsOf = {
  400: { status: 400, message: "Bad input" },
  401: { status: 401, message: "Not signed in" },
  403: { status: 403, message: "Not allowed" },
  404: { status: 404, message: "Not found" },
  409: { status: 409, message: "Conflict" },
  413: { status: 413, message: "Too large" },
  429: { status: 429, message: "Too many requests" },
  502: { status: 502, message: "The AI provider failed" },
} as const;

/** The usual sets: a signed-in read of something the caller may not see, and a change to it. */
export const guarded = {
  unauthorized: errorsOf[401],
  forbidden: errorsOf[403],
  not_found: errorsOf[404],
} as const;
export const changing = { bad_request: errorsOf[400], ...guarded } as const;
/** An AI call: a change that counts against the AI limits and can fail upstream. */
export const aiCall = { ...changing, rate_limited: errorsOf[429], upstream_failed: errorsOf[502] } as const;
