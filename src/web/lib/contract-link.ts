import type { ClientLink, ClientOptions } from "@orpc/client";
import type { AnyContractProcedure, AnyContractRouter } from "@orpc/contract";
import type { z } from "zod";
import { fillPath } from "../../shared/contract/path-params.ts";
import { type ApiRequestOptions, apiRequest, apiRequestVoid } from "./api-client.ts";

interface DetailedInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function procedureAt(router: AnyContractRouter, path: readonly string[]): AnyContractProcedure {
  let node: unknown = router;
  for (const segment of path) node = (node as Record<string, unknown> | undefined)?.[segment];
  if (!node || typeof node !== "object" || !("~orpc" in node)) {
    throw new Error(`No contract for ${path.join(".")}`);
  }
  return node as AnyContractProcedure;
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * oRPC's client calls a contract procedure by its place in the router (`reviews.get`); this link
 * turns that into our one fetch wrapper: the contract's method and path, the params in the path,
 * the query string, a JSON body, the answer checked against the contract's schema, and the API's
 * error shape thrown as ApiError.
 */
export class ContractLink<T extends Record<never, never>> implements ClientLink<T> {
  constructor(
    private readonly router: AnyContractRouter,
    private readonly prefix = "/api",
  ) {}

  async call(path: readonly string[], input: unknown, options: ClientOptions<T>): Promise<unknown> {
    const { route, outputSchema } = procedureAt(this.router, path)["~orpc"];
    const { params, query, body } = (input ?? {}) as DetailedInput;
    const url = `${this.prefix}${fillPath(route.path ?? "/", params)}${queryString(query)}`;
    const request: ApiRequestOptions = {
      // Contracts use the methods our fetch wrapper sends (no HEAD or OPTIONS endpoints).
      method: (route.method ?? "GET") as ApiRequestOptions["method"],
      ...(body === undefined ? {} : { body }),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    if (outputSchema === undefined) return apiRequestVoid(url, request);
    return apiRequest(url, outputSchema as z.ZodType, request);
  }
}
