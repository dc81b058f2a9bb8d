import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that better-auth makes for teams, members and invites: random letters and digits. */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
/** BCP 47 tags as the project's language list holds them ("de", "zh-Hans", "es-419"). */
const LANGUAGE = /^[A-Za-z0-9-]{1,35}$/;

const PARAMS: Record<string, { pattern: RegExp; what: string }> = {
  id: { pattern: UUID, what: "id" },
  keyId: { pattern: UUID, what: "id" },
  projectId: { pattern: UUID, what: "id" },
  reviewId: { pattern: UUID, what: "id" },
  batchId: { pattern: UUID, what: "id" },
  teamId: { pattern: TOKEN, what: "id" },
  memberId: { pattern: TOKEN, what: "id" },
  inviteId: { pattern: TOKEN, what: "id" },
  lang: { pattern: LANGUAGE, what: "language code" },
};

interface CompiledRoute {
  regex: RegExp;
  params: string[];
}

function compile(path: string): CompiledRoute {
  const params: string[] = [];
  let source = "";
  for (const segment of path.split("/").filter(Boolean)) {
    if (segment.startsWith(":")) {
      const name = segment.slice(1);
      const rule = PARAMS[name];
      // A new route with a parameter nobody described fails at the first request of any test.
      if (!rule) throw new Error(`path parameter :${name} of ${path} has no rule in path-params.ts`);
      params.push(name);
      source += "/([^/]+)";
    } else {
      source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    }
  }
  return { regex: new RegExp(`^${source || "/"}$`), params };
}

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Ids in paths are checked before any handler runs: PostgreSQL fails a query on a uuid column
 * given "xyz" (and any text column given a NUL), which would surface as a 500. The routes are
 * read from the app itself, so every route is covered, including ones added later. A path that
 * some route matches with valid parameters (or with none) passes; otherwise the first bad value
 * is named.
 */
export function pathParams(routes: () => { path: string }[], mountedAt: string): MiddlewareHandler {
  let compiled: CompiledRoute[] | undefined;
  return async (c, next) => {
    compiled ??= [...new Set(routes().map((route) => route.path))]
      // Endpoints only: a middleware's "/projects/*" matches any id and says nothing about it.
      .filter((path) => !path.includes("*"))
      .map(compile);
    const path = c.req.path.startsWith(mountedAt) ? c.req.path.slice(mountedAt.length) || "/" : c.req.path;
    let problem: string | undefined;
    for (const route of compiled) {
      const match = route.regex.exec(path);
      if (!match) continue;
      const bad = route.params.findIndex((name, index) => {
        const value = decoded(match[index + 1] ?? "");
        return value === undefined || !(PARAMS[name]?.pattern.test(value) ?? false);
      });
      if (bad === -1) return next();
      const name = route.params[bad] as string;
      problem ??= `"${decoded(match[bad + 1] ?? "") ?? match[bad + 1]}" is not a valid ${PARAMS[name]?.what}`;
    }
    if (problem) throw new AppError("bad_request", problem.replaceAll("\u0000", "\\0"));
    return next();
  };
}
