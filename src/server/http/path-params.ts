import type { MiddlewareHandler } from "hono";
import { PATH_PARAMS } from "../../shared/contract/path-params.ts";
import { AppError } from "../errors.ts";

const PARAMS: Record<string, { pattern: RegExp; what: string }> = PATH_PARAMS;

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
      if (!rule)
        throw new Error(
          `path parameter :${name} of ${path} has no rule in src/shared/contract/path-params.ts`,
        );
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
