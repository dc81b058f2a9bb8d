import { z } from "zod";
import { UUID_PATTERN as UUID } from "../ids.ts";

/** Ids that better-auth makes for teams, members and invites: random letters and digits. */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
/** BCP 47 tags as the project's language list holds them ("de", "zh-Hans", "es-419"). */
const LANGUAGE = /^[A-Za-z0-9-]{1,35}$/;

/**
 * The one rule per path parameter name. The server checks every path against it before any
 * handler runs (a bad uuid would otherwise fail a query as a 500); contracts type their params
 * with the schemas below, so a route cannot use a name that has no rule.
 */
export const PATH_PARAMS = {
  id: { pattern: UUID, what: "id" },
  keyId: { pattern: UUID, what: "id" },
  projectId: { pattern: UUID, what: "id" },
  reviewId: { pattern: UUID, what: "id" },
  batchId: { pattern: UUID, what: "id" },
  teamId: { pattern: TOKEN, what: "id" },
  memberId: { pattern: TOKEN, what: "id" },
  inviteId: { pattern: TOKEN, what: "id" },
  domainId: { pattern: UUID, what: "id" },
  lang: { pattern: LANGUAGE, what: "language code" },
} as const satisfies Record<string, { pattern: RegExp; what: string }>;

export type PathParamName = keyof typeof PATH_PARAMS;

/** A zod object for a route's path parameters, e.g. `pathParams("projectId", "lang")`. */
export function pathParams<const N extends PathParamName>(...names: N[]) {
  const shape = Object.fromEntries(
    names.map((name) => [
      name,
      z.string().regex(PATH_PARAMS[name].pattern, `Not a valid ${PATH_PARAMS[name].what}`),
    ]),
  ) as { [K in N]: z.ZodString };
  return z.object(shape);
}

/** `/reviews/{reviewId}` with the params filled in, each encoded as one path segment. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}
